import { judgeFreshness } from './judge-freshness.js';

/**
 * The one rule for two versions of a document that says when it was made
 * (the status's `updated_at`, the observations' `observed_at`), for every
 * reader that holds one: the server answering it, a peer counting its vote.
 * A version dated before the one held is refused: a writer that lost its
 * lease may still replace a file once, in the moment between asking its
 * lease and the rename, and what it wrote then is older than its
 * successor's. Unless the one held is from this clock's future (past the
 * skew allowance of `judgeFreshness`): a clock was stepped back, and the
 * one held can no longer be trusted, so the new one is taken. Equal dates
 * are taken (the same cycle, written again). Pure.
 */
export function isOlderThanHeld(next: string, held: string | undefined, now: Date): boolean {
  if (held === undefined || Date.parse(next) >= Date.parse(held)) return false;
  return judgeFreshness(held, now, Number.POSITIVE_INFINITY).kind !== 'future';
}
