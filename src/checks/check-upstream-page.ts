import { UPSTREAM_UNREADABLE_SEPARATOR } from '../outbound/classify-failure.js';
import { formatTimestamp } from '../schemas/service-status.js';
import type { CheckContext } from './check-context.js';
import type { CheckResult } from './check-result.js';
import { judgeUpstreamSummary } from './judge-upstream-summary.js';
import type { StatuspageCheck } from './probe-check.js';

/**
 * An upstream provider's check (`statuspage+https://…`): what its
 * Statuspage says of `upstream_component`, or of the whole page, as the
 * probe's shared reader of pages last read it (`createUpstreamPages`: at
 * most once a minute). The provider's state stands for the check
 * (`reported`), which succeeds only when it is operational; a state kept
 * from an earlier read says when it was read. A page that cannot be read
 * past the time its last state is kept fails as `upstream unreadable since
 * …: REASON`, the class of REASON. Never throws.
 */
export async function checkUpstreamPage(check: StatuspageCheck, context: CheckContext): Promise<CheckResult> {
  const pages = context.upstreamPages;
  if (pages === undefined) return { ok: false, latency_ms: 0, error: 'error (no upstream reader)' };
  const reading = await pages.read(check, context);
  const latency_ms = reading.latencyMs;
  if (reading.kind === 'unreadable') {
    const since = formatTimestamp(new Date(reading.sinceMs));
    return {
      ok: false,
      latency_ms,
      error: `upstream unreadable since ${since}${UPSTREAM_UNREADABLE_SEPARATOR}${reading.failure}`,
    };
  }
  const asOf = reading.kind === 'kept' ? ` (as read at ${formatTimestamp(new Date(reading.readAtMs))})` : '';
  const verdict = judgeUpstreamSummary(reading.summary, check.upstreamComponent, asOf);
  if (verdict.state === undefined) return { ok: false, latency_ms, error: verdict.reason };
  const reported = { latency_ms, reported: verdict.state };
  return verdict.reason === undefined ? { ok: true, ...reported } : { ok: false, ...reported, error: verdict.reason };
}
