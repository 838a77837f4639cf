import type { StatusValue } from '../schemas/status-value.js';

/**
 * The detail documents' `Cache-Control: max-age` (`headers.json`,
 * `api/v1/component-history/**`): a reader may hold one this long anyway,
 * so the probe lets one grow this old before it writes it again.
 */
export const DETAIL_MAX_AGE_MS = 60_000;

/** When a component's detail document was last written, on the probe's clock, and its published state then. */
export interface DetailWritten {
  readonly atMs: number;
  readonly state: StatusValue | undefined;
}

/**
 * Whether a component's `/api/v1/component-history/{slug}.json` is written
 * this cycle: at once when it was never written by this process or the
 * component's published state changed since; otherwise only when skipping it
 * would leave it older than `DETAIL_MAX_AGE_MS` by the next cycle (one
 * schedule interval on). Every other cycle at a 30 s schedule, every cycle at
 * 60 s or slower; a clock that went back writes it at once. Pure.
 */
export function isDetailDue(
  last: DetailWritten | undefined,
  state: StatusValue | undefined,
  nowMs: number,
  intervalMs: number,
): boolean {
  if (last === undefined || last.state !== state || nowMs < last.atMs) return true;
  return nowMs - last.atMs + intervalMs > DETAIL_MAX_AGE_MS;
}
