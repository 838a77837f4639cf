/**
 * How long the server must see a version of a file unchanged, by two looks
 * this far apart, before it takes what it read as whole. A writer that
 * rewrites a file in place (truncate, then write) leaves it empty or
 * half-written for a moment, which one read cannot tell from a finished
 * file; one that replaces it by rename is done before the file appears. A
 * writer that pauses longer than this in the middle of a file can still be
 * caught: files clients read should be replaced by rename.
 */
export const SETTLE_MS = 100;

/** How many times a file is looked at before it is given up as being rewritten. */
export const MAX_LOOKS = 4;

/**
 * How coarse a file system's timestamps may be: a write within this long of
 * the last one may leave the ctime where it was (kernels before multigrain
 * timestamps stamp files from a clock that ticks every 1 to 10 ms).
 */
export const TIMESTAMP_GRANULARITY_MS = 20;

/**
 * A change time further ahead of the clock than this is no write in progress
 * but the clock stepped back: such a version is looked at as it is rather
 * than waited for until the clock catches up.
 */
const CLOCK_STEP_MS = 1_000;

/**
 * How long until any further write to a file last changed at `changedAtMs`
 * (its ctime) is sure to move its ctime, and so its identity: 0 once the
 * ctime is `TIMESTAMP_GRANULARITY_MS` old. A version looked at sooner could
 * be rewritten unseen. Pure.
 */
export function msUntilWritesShow(changedAtMs: number, nowMs: number): number {
  const age = nowMs - changedAtMs;
  if (age < -CLOCK_STEP_MS) return 0;
  return Math.max(0, Math.ceil(TIMESTAMP_GRANULARITY_MS - age));
}
