/** How often the same kind of problem may be logged again: a storm of one error is one line per interval. */
export const REPEAT_LOG_INTERVAL_MS = 60_000;

/**
 * A log for problems that can come in floods (every connection failing at
 * once when descriptors run out): a line per `key` at most once per
 * `intervalMs`, saying how many were left out since.
 */
export function createOccasionalLog(
  log: (message: string) => void,
  intervalMs = REPEAT_LOG_INTERVAL_MS,
  now: () => number = Date.now,
): (key: string, message: string) => void {
  const last = new Map<string, { at: number; skipped: number }>();
  return function logOccasionally(key, message) {
    const seen = last.get(key);
    const at = now();
    if (seen && at - seen.at < intervalMs) {
      seen.skipped += 1;
      return;
    }
    const more = seen && seen.skipped > 0 ? ` (and ${seen.skipped} more like it since the last report)` : '';
    last.set(key, { at, skipped: 0 });
    log(`${message}${more}`);
  };
}
