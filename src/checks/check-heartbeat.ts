import type { CheckContext } from './check-context.js';
import type { CheckResult } from './check-result.js';
import { judgeHeartbeat } from './judge-heartbeat.js';
import type { HeartbeatCheck } from './probe-check.js';

/**
 * A heartbeat component's check: reads its last push from the probe's
 * source of pushes and judges it at this cycle's time (`judgeHeartbeat`).
 * Never throws; without a source, a failure that says so.
 */
export async function checkHeartbeat(check: HeartbeatCheck, context: CheckContext): Promise<CheckResult> {
  const { heartbeat } = check;
  const source = context.heartbeats;
  if (source === undefined) return { ok: false, latency_ms: 0, error: 'error (no heartbeat source)' };
  const last = await source.lastPush(heartbeat.slug).catch(() => undefined);
  const now = (context.now ?? (() => new Date()))().getTime();
  return judgeHeartbeat(last, heartbeat, source.watchedSinceMs(heartbeat.slug), now);
}
