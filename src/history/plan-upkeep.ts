import type { HistoryRetention } from '../settings/history-retention.js';
import { DAY_MS, HOUR_MS } from '../time/time-units.js';

/** Raw cycles or incidents a compaction step deletes at most: each step stays a few milliseconds. */
export const DELETE_BATCH_ROWS = 200;
/** Hours of aggregates a compaction step deletes at least, when they are due (4,000 rows at 1,000 components). */
export const HOURS_PER_STEP = 4;

/** The start of the period of `periodMs` (an hour, a day, counted from the epoch) that contains `ms`. */
function periodStartMs(ms: number, periodMs: number): number {
  return Math.floor(ms / periodMs) * periodMs;
}

/** One step of a roll-up (raw cycles into hourly latency, hours into days), as of `nowMs`. */
export interface RollUpStep {
  /** The start of the period to roll up in this step; `null` when every finished period is rolled up. */
  readonly rollMs: number | null;
  /** The mark to keep when nothing is rolled up: the start of the first period not rolled up yet. */
  readonly markMs: number;
}

/**
 * What a roll-up does next. Its mark is the start of the first period not
 * rolled up; a store without one starts at the current period (nothing
 * earlier is owed). One period a step, until the mark reaches the current one.
 */
export function planRollUp(markMs: number | undefined, nowMs: number, periodMs: number): RollUpStep {
  const currentMs = periodStartMs(nowMs, periodMs);
  const through = markMs ?? currentMs;
  return { rollMs: through < currentMs ? through : null, markMs: through };
}

/**
 * Where the mark moves once a period is rolled up: to the period of the first
 * data after it (`firstDataMs`, looked up from the next period on), skipping
 * empty periods; never past the current period, nor to it when there is none.
 */
export function markAfterRollUp(firstDataMs: number | null, nowMs: number, periodMs: number): number {
  const currentMs = periodStartMs(nowMs, periodMs);
  return firstDataMs === null ? currentMs : Math.min(periodStartMs(firstDataMs, periodMs), currentMs);
}

/** The deletions of one upkeep step: what lies before each cut-off goes, at most so many rows or so long a span. */
export interface DeletionStep {
  readonly raw: { readonly beforeMs: number; readonly rows: number };
  readonly hourly: { readonly beforeMs: number; readonly spanMs: number };
  readonly daily: { readonly beforeMs: number; readonly spanMs: number };
  /** Hourly latency sketches; the daily ones go with the daily aggregates. */
  readonly hourSketches: { readonly beforeMs: number; readonly spanMs: number };
  readonly incidents: { readonly beforeMs: number; readonly rows: number };
}

/**
 * What one bounded step of retention deletes as of `nowMs`, `sinceLastMs` after
 * the previous cycle, given the roll-up marks after this step's roll-ups.
 */
export function planDeletions(
  nowMs: number,
  sinceLastMs: number,
  retention: HistoryRetention,
  marks: { readonly latencyThroughMs: number; readonly dailyThroughMs: number },
): DeletionStep {
  return {
    // Nothing is dropped before it has been rolled up.
    raw: { beforeMs: Math.min(nowMs - retention.rawMs, marks.latencyThroughMs), rows: DELETE_BATCH_ROWS },
    // At most a few hours (a day) of aggregates a step, and always more than the time since the last cycle, so upkeep keeps pace.
    hourly: {
      beforeMs: Math.min(nowMs - retention.hourlyMs, marks.dailyThroughMs),
      spanMs: Math.max(HOURS_PER_STEP * HOUR_MS, 2 * sinceLastMs),
    },
    daily: { beforeMs: nowMs - retention.dailyMs, spanMs: Math.max(DAY_MS, 2 * sinceLastMs) },
    // Each hour's sketch is merged into its day's as it is made: dropping it loses no day.
    hourSketches: {
      beforeMs: nowMs - retention.hourlySketchMs,
      spanMs: Math.max(HOURS_PER_STEP * HOUR_MS, 2 * sinceLastMs),
    },
    incidents: { beforeMs: nowMs - retention.incidentMs, rows: DELETE_BATCH_ROWS },
  };
}
