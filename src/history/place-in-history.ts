/** Where a cycle goes in the history's time line, and how far the wall clock is behind it. */
export interface HistoryPlacement {
  /** The time the cycle is recorded at: never before the last record. */
  readonly atMs: number;
  /** How far the wall clock is behind the last record; 0 when it is not. */
  readonly behindMs: number;
}

/**
 * The history's time only runs forward. A cycle is recorded at the wall
 * clock's time, unless that is not after the last record (the clock was
 * stepped back: an NTP correction, a resumed VM); it is then recorded 1 ms
 * after the last record, until the wall clock catches up. So an incident
 * never ends before it starts, no interval is negative, no hour or day
 * counts its time twice (the span of such a cycle is 1 ms, not the minutes
 * already counted), and nothing is recorded after a time already published.
 * A step forward is taken as it is: that time passed on the clock everyone
 * reads (a VM resumed after a pause), and the cycles it skipped are no data.
 * Pure.
 */
export function placeInHistory(wallMs: number, lastRecordedMs: number | undefined): HistoryPlacement {
  if (lastRecordedMs === undefined || wallMs > lastRecordedMs) return { atMs: wallMs, behindMs: 0 };
  return { atMs: lastRecordedMs + 1, behindMs: lastRecordedMs - wallMs };
}

/**
 * Whether a placement is worth a line in the log: the wall clock is at least
 * a second behind the last record. Two cycles within the same second (a
 * sidecar run back to back, a sub-second slew) are placed in order all the
 * same, but "0 s behind" told an operator nothing. Pure.
 */
export function isClockStepBack(placement: HistoryPlacement): boolean {
  return placement.behindMs >= 1_000;
}
