import { STATUS_VALUES, type StatusValue } from '../schemas/status-value.js';
import { HOUR_MS } from '../time/time-units.js';

/** Milliseconds spent in each published state, in `STATUS_VALUES` order. */
export type StateMs = readonly [number, number, number, number, number];

export const NO_TIME: StateMs = [0, 0, 0, 0, 0];

/**
 * How many schedule intervals one published cycle may stand for. A cycle
 * stands for the time until the next cycle (published or not), but at most
 * this long: one interval, plus one more for a late or skipped tick. Time
 * beyond it, when the probe was down, is no data.
 */
export const COVER_INTERVALS = 2;

/** `ms` milliseconds in `status`. */
export function stateMsOf(status: StatusValue, ms: number): StateMs {
  const time: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  time[STATUS_VALUES.indexOf(status)] = ms;
  return time;
}

export function addStateMs(a: StateMs, b: StateMs): StateMs {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4]];
}

export function scaleStateMs(a: StateMs, factor: number): StateMs {
  return [a[0] * factor, a[1] * factor, a[2] * factor, a[3] * factor, a[4] * factor];
}

/** Time with data: the sum over every state. */
export function totalMs(a: StateMs): number {
  return a[0] + a[1] + a[2] + a[3] + a[4];
}

/** The worst state with any time in it; `null` when there is none. */
export function worstStateIn(a: StateMs): StatusValue | null {
  for (let index = STATUS_VALUES.length - 1; index >= 0; index -= 1) {
    if ((a[index] ?? 0) > 0) return STATUS_VALUES[index] ?? null;
  }
  return null;
}

/** How long a cycle at `atMs` stands for when the next one came (or it is now) at `untilMs`. */
export function coveredMs(atMs: number, untilMs: number, intervalMs: number): number {
  return Math.max(0, Math.min(untilMs - atMs, COVER_INTERVALS * intervalMs));
}

/** The UTC hour that contains `ms`, as the epoch milliseconds of its start. */
export function hourStartMs(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

/** Splits `[startMs, startMs + lengthMs)` at hour boundaries. */
export function splitByHour(startMs: number, lengthMs: number): { hourMs: number; ms: number }[] {
  const parts: { hourMs: number; ms: number }[] = [];
  let at = startMs;
  const end = startMs + lengthMs;
  while (at < end) {
    const hourMs = hourStartMs(at);
    const next = Math.min(end, hourMs + HOUR_MS);
    parts.push({ hourMs, ms: next - at });
    at = next;
  }
  return parts;
}

/** Time per state over `[startMs, startMs + lengthMs)`: an hour, a day, or one cycle's span. */
export interface TimeBucket {
  readonly startMs: number;
  readonly lengthMs: number;
  readonly ms: StateMs;
}

/**
 * Time per state over `[fromMs, toMs)`. A bucket that lies partly outside
 * counts in proportion to its overlap: the spread of time inside an hour or
 * a day is not kept once it is rolled up.
 */
export function sumOverPeriod(buckets: Iterable<TimeBucket>, fromMs: number, toMs: number): StateMs {
  // Accumulated in place: this runs for every component and window on every cycle.
  const sum: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const bucket of buckets) {
    const overlap = Math.min(toMs, bucket.startMs + bucket.lengthMs) - Math.max(fromMs, bucket.startMs);
    if (overlap <= 0) continue;
    addInto(sum, bucket.ms, overlap >= bucket.lengthMs ? 1 : overlap / bucket.lengthMs);
  }
  return sum;
}

/** Adds `factor` times `time` into `sum`. */
export function addInto(sum: [number, number, number, number, number], time: StateMs, factor: number): void {
  for (let index = 0; index < 5; index += 1) sum[index] = (sum[index] ?? 0) + (time[index] ?? 0) * factor;
}
