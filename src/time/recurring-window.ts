import { createTask, parse } from 'node-cron';
import type { RecurringMaintenanceWindow } from '../schemas/maintenance-window.js';
import { readWallClock, wallClockAsUtcMs, wallClockToInstant } from './zoned-wall-clock.js';

/** The rule of a recurring window: starts at each run of `cron` on the clocks of `time_zone`, lasts `duration_minutes`. */
export type Recurrence = Pick<RecurringMaintenanceWindow, 'cron' | 'duration_minutes' | 'time_zone'>;

/** One occurrence of a recurring window as instants: `[startMs, endMs)`. */
export interface Occurrence {
  readonly startMs: number;
  readonly endMs: number;
}

/** At most this many occurrences are listed at once, so a window every minute cannot flood the notices. */
export const MAX_LISTED_OCCURRENCES = 100;

const DAY_MS = 86_400_000;
/** More than any daylight-saving or zone change moves a clock (Samoa skipped a whole day in 2011). */
const MAX_CLOCK_SHIFT_MS = 2 * DAY_MS;

/**
 * The start instants whose wall-clock readings lie in `[fromWallMs, toWallMs]`,
 * in order, or in reverse order when `descending`. Each matching reading
 * starts one occurrence, at the instant `wallClockToInstant` gives: the first
 * of a repeated reading, the end of a skipped stretch. Readings that fall on
 * the same instant (several in one skipped stretch) give it once.
 */
function* startsBetween(
  recurrence: Recurrence,
  fromWallMs: number,
  toWallMs: number,
  descending: boolean,
): Generator<number> {
  const fields = parse(recurrence.cron);
  // Read as UTC, the matcher judges a wall-clock reading given as `wallClockAsUtcMs`.
  const matcher = createTask(recurrence.cron, () => {}, { timezone: 'UTC' });
  try {
    const times = fields.hour
      .flatMap((hour) =>
        fields.minute.flatMap((minute) => fields.second.map((second) => ((hour * 60 + minute) * 60 + second) * 1000)),
      )
      .sort((a, b) => a - b);
    const [firstTime] = times;
    if (firstTime === undefined) return;
    if (descending) times.reverse();
    const firstDay = Math.floor(fromWallMs / DAY_MS) * DAY_MS;
    const lastDay = Math.floor(toWallMs / DAY_MS) * DAY_MS;
    let previous: number | undefined;
    for (let day = descending ? lastDay : firstDay; descending ? day >= firstDay : day <= lastDay; ) {
      if (matcher.match(new Date(day + firstTime))) {
        for (const time of times) {
          const wallMs = day + time;
          if (wallMs < fromWallMs || wallMs > toWallMs) continue;
          const startMs = wallClockToInstant(wallMs, recurrence.time_zone);
          if (startMs === previous) continue;
          previous = startMs;
          yield startMs;
        }
      }
      day += descending ? -DAY_MS : DAY_MS;
    }
  } finally {
    void matcher.destroy();
  }
}

function occurrenceFrom(recurrence: Recurrence, startMs: number): Occurrence {
  return { startMs, endMs: startMs + recurrence.duration_minutes * 60_000 };
}

/**
 * The occurrence of a recurring window that `at` is inside (start inclusive,
 * end exclusive), or `undefined`. Occurrences may overlap; the latest to
 * start is given.
 */
export function findOccurrenceAt(recurrence: Recurrence, at: Date): Occurrence | undefined {
  const atMs = at.getTime();
  const atWallMs = wallClockAsUtcMs(readWallClock(atMs, recurrence.time_zone));
  const durationMs = recurrence.duration_minutes * 60_000;
  const fromWallMs = atWallMs - durationMs - MAX_CLOCK_SHIFT_MS;
  // Starts come latest first, and later readings never start earlier: the first at or before `at` is the latest.
  for (const startMs of startsBetween(recurrence, fromWallMs, atWallMs + MAX_CLOCK_SHIFT_MS, true)) {
    if (startMs > atMs) continue;
    return atMs < startMs + durationMs ? occurrenceFrom(recurrence, startMs) : undefined;
  }
  return undefined;
}

/**
 * The occurrences of a recurring window that are not over at `from` and start
 * before `from + horizonMs`, in order: the one in progress, if any, then the
 * coming ones; at most `limit` of them.
 */
export function listOccurrences(
  recurrence: Recurrence,
  from: Date,
  horizonMs: number,
  limit = MAX_LISTED_OCCURRENCES,
): Occurrence[] {
  const fromMs = from.getTime();
  const untilMs = fromMs + horizonMs;
  const durationMs = recurrence.duration_minutes * 60_000;
  const fromWallMs = wallClockAsUtcMs(readWallClock(fromMs, recurrence.time_zone)) - durationMs - MAX_CLOCK_SHIFT_MS;
  const untilWallMs = wallClockAsUtcMs(readWallClock(untilMs, recurrence.time_zone)) + MAX_CLOCK_SHIFT_MS;
  const occurrences: Occurrence[] = [];
  for (const startMs of startsBetween(recurrence, fromWallMs, untilWallMs, false)) {
    if (startMs >= untilMs || occurrences.length >= limit) break;
    if (startMs + durationMs > fromMs) occurrences.push(occurrenceFrom(recurrence, startMs));
  }
  return occurrences;
}
