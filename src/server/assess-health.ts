import { judgeFreshness } from '../freshness/judge-freshness.js';
import type { ServiceStatus } from '../schemas/service-status.js';

/** The staleness bound when no probe schedule is known: three 30-second intervals. */
export const DEFAULT_STALE_AFTER_MS = 90_000;

export type Health =
  | { readonly healthy: true; readonly updatedAt: string; readonly ageSeconds: number }
  | {
      readonly healthy: false;
      readonly code: 'status_missing' | 'status_stale' | 'status_from_future';
      readonly message: string;
    };

/**
 * Whether the published status is fresh enough to call the origin healthy,
 * by the one staleness rule (`judgeFreshness`). Age is measured from the
 * document's own `updated_at`, the time consumers see; a document from
 * further ahead than the skew allowance is no proof of a live probe either.
 */
export function assessHealth(status: ServiceStatus | undefined, now: Date, staleAfterMs: number): Health {
  if (status === undefined) {
    return { healthy: false, code: 'status_missing', message: 'no valid status document has been published' };
  }
  const freshness = judgeFreshness(status.updated_at, now, staleAfterMs);
  if (freshness.kind === 'future') {
    return {
      healthy: false,
      code: 'status_from_future',
      message: `the status document was updated at ${status.updated_at}, ${Math.floor(freshness.aheadMs / 1000)} s ahead of this server's clock, more than the ${Math.round(freshness.allowanceMs / 1000)} s of skew allowed; is a clock wrong?`,
    };
  }
  if (freshness.kind === 'stale') {
    return {
      healthy: false,
      code: 'status_stale',
      message: `the status document was updated at ${status.updated_at}, ${Math.floor(freshness.ageMs / 1000)} s ago, more than the ${Math.round(staleAfterMs / 1000)} s allowed; is the probe running?`,
    };
  }
  return { healthy: true, updatedAt: status.updated_at, ageSeconds: Math.floor(freshness.ageMs / 1000) };
}
