/**
 * The one staleness rule. `/healthz`, `verify`, the status page and the
 * probe's own memory all judge a timestamp with it, so that they call a
 * document stale (or from the future) at the same moment.
 */

/** How many probe intervals may pass before a published document counts as stale. */
export const STALE_AFTER_INTERVALS = 3;

/** How far ahead of this machine's clock a timestamp may be before it counts as from the future. */
export const FUTURE_SKEW_ALLOWANCE_MS = 30_000;

export type Freshness =
  | { readonly kind: 'fresh'; readonly ageMs: number }
  | { readonly kind: 'stale'; readonly ageMs: number; readonly limitMs: number }
  | { readonly kind: 'future'; readonly aheadMs: number; readonly allowanceMs: number };

/** The age past which a document published every `intervalMs` is stale. */
export function staleAfterMs(intervalMs: number): number {
  return STALE_AFTER_INTERVALS * intervalMs;
}

/**
 * Judges a timestamp against `now`: stale once older than `limitMs`, from the
 * future once more than the skew allowance ahead; fresh otherwise. A timestamp
 * slightly ahead (within the allowance) is fresh with age 0.
 */
export function judgeFreshness(
  timestamp: Date | string,
  now: Date,
  limitMs: number,
  allowanceMs: number = FUTURE_SKEW_ALLOWANCE_MS,
): Freshness {
  const at = typeof timestamp === 'string' ? Date.parse(timestamp) : timestamp.getTime();
  const ageMs = now.getTime() - at;
  if (ageMs < -allowanceMs) return { kind: 'future', aheadMs: -ageMs, allowanceMs };
  if (ageMs > limitMs) return { kind: 'stale', ageMs, limitMs };
  return { kind: 'fresh', ageMs: Math.max(0, ageMs) };
}
