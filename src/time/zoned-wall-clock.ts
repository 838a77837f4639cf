/** A wall-clock reading: calendar date and time of day, with no zone. */
export interface WallClock {
  readonly year: number;
  /** 1-12. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What a clock in `timeZone` reads at the instant `ms`. */
export function readWallClock(ms: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** A wall-clock reading as if it were UTC: milliseconds that order and subtract like the readings. */
export function wallClockAsUtcMs(wall: WallClock): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** How far the clock in `timeZone` is ahead of UTC at `ms`. */
function offsetMs(ms: number, timeZone: string): number {
  return wallClockAsUtcMs(readWallClock(ms, timeZone)) - Math.floor(ms / 1000) * 1000;
}

const HALF_DAY_MS = 12 * 3_600_000;

/**
 * The instant a clock in `timeZone` reads `wall` (given as `wallClockAsUtcMs`).
 * A reading that happens twice (the hour repeated when clocks go back) is its
 * first instant; a reading that never happens (the hour skipped when clocks
 * go forward) is the instant the skip ends, when the clock jumps past it.
 * So later readings never map to earlier instants.
 */
export function wallClockToInstant(wallMs: number, timeZone: string): number {
  const offsetBefore = offsetMs(wallMs - HALF_DAY_MS, timeZone);
  const offsetAfter = offsetMs(wallMs + HALF_DAY_MS, timeZone);
  const candidates = [wallMs - offsetBefore, wallMs - offsetAfter]
    .filter((ms) => ms + offsetMs(ms, timeZone) === wallMs)
    .sort((a, b) => a - b);
  const [first] = candidates;
  if (first !== undefined) return first;
  // In a skipped stretch: the offset changes between these two instants; find the change to the second.
  let low = Math.min(wallMs - offsetBefore, wallMs - offsetAfter);
  let high = Math.max(wallMs - offsetBefore, wallMs - offsetAfter);
  const lowOffset = offsetMs(low, timeZone);
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (offsetMs(middle, timeZone) === lowOffset) low = middle;
    else high = middle;
  }
  return high;
}
