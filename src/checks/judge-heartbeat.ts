import { quoteForLog } from '../errors/quote-for-log.js';
import { formatTimestamp } from '../schemas/service-status.js';
import type { HeartbeatPush } from './check-context.js';
import type { CheckResult } from './check-result.js';
import type { HeartbeatExpectation } from './probe-check.js';

/** How much of a failed push's message its reason quotes. */
const QUOTED_MESSAGE_CHARS = 120;

/**
 * A heartbeat component's check at `nowMs`: its last push came within
 * `every + grace` and said it succeeded → a success; said it failed → a
 * failure with its message (`heartbeat failed: "disk full"`); came longer
 * ago, or never → `no heartbeat since …`. One never heard from is not judged
 * (a success) until `every + grace` have passed since `watchedSinceMs`, when
 * the probe began watching it. A push from the future (another replica's
 * clock ahead) counts as just now. Pure; the latency is 0.
 */
export function judgeHeartbeat(
  last: HeartbeatPush | undefined,
  expectation: HeartbeatExpectation,
  watchedSinceMs: number,
  nowMs: number,
): CheckResult {
  const deadlineMs = expectation.everyMs + expectation.graceMs;
  const expected = `expected every ${expectation.everyMs / 1000} s, grace ${expectation.graceMs / 1000} s`;
  if (last === undefined) {
    if (nowMs - watchedSinceMs <= deadlineMs) {
      const fromMs = watchedSinceMs + deadlineMs;
      return {
        ok: true,
        latency_ms: 0,
        note: `no push yet, not judged until ${formatTimestamp(new Date(fromMs))}`,
        notJudgedUntilMs: fromMs,
      };
    }
    return {
      ok: false,
      latency_ms: 0,
      error: `no heartbeat since watching began at ${formatTimestamp(new Date(watchedSinceMs))} (${expected})`,
    };
  }
  const pushed = { latency_ms: 0, pushedAtMs: last.atMs };
  if (nowMs - last.atMs > deadlineMs) {
    return { ok: false, ...pushed, error: `no heartbeat since ${formatTimestamp(new Date(last.atMs))} (${expected})` };
  }
  if (last.ok) return { ok: true, ...pushed };
  const said =
    last.message === null || last.message === ''
      ? ''
      : `: ${quoteForLog(JSON.stringify(last.message), QUOTED_MESSAGE_CHARS)}`;
  return { ok: false, ...pushed, error: `heartbeat failed${said}` };
}
