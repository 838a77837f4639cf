/** The first retry waits about this long. */
export const RETRY_BASE_MS = 5_000;
/** No retry waits longer than this. */
export const RETRY_CAP_MS = 10 * 60_000;

export interface RetryPolicy {
  readonly baseMs: number;
  readonly capMs: number;
}

/**
 * How long to wait after the `failures`-th failed attempt: exponential
 * (base × 2^(failures-1)), capped, then jittered into its upper half so
 * that receivers coming back are not hit by every sender at once. `random`
 * is in [0, 1). Pure.
 */
export function retryDelayMs(failures: number, random: number, { baseMs, capMs }: RetryPolicy): number {
  const exponential = Math.min(capMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(exponential * (0.5 + random / 2));
}
