/** The first retry of a mail the relay did not take. */
export const RETRY_BASE_MS = 30_000;
/** Retries are never further apart than this: a relay back up is used within the hour. */
export const RETRY_MAX_MS = 3_600_000;

/** How long after its `attempts`th failed attempt a mail is tried again: doubling from `baseMs`, at most an hour. Pure. */
export function retryDelayMs(attempts: number, baseMs = RETRY_BASE_MS): number {
  return Math.min(RETRY_MAX_MS, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}
