import { describe, expect, it } from 'vitest';
import {
  DELETE_BATCH_ROWS,
  HOURS_PER_STEP,
  markAfterRollUp,
  planDeletions,
  planRollUp,
  type RollUpStep,
} from '../../../src/history/plan-upkeep.js';
import { DEFAULT_RETENTION } from '../../../src/settings/history-retention.js';
import { DAY_MS, HOUR_MS } from '../../../src/time/time-units.js';

// A fixed clock: 20 minutes past ten on a Sunday, UTC.
const TODAY = Date.parse('2026-11-22T00:00:00Z');
const TEN = TODAY + 10 * HOUR_MS;
const NOW = TEN + 20 * 60_000;

describe('planRollUp: one period a step, until the mark reaches the current period', () => {
  it.each<[string, number | undefined, number, RollUpStep]>([
    ['hours: a store without a mark owes nothing before this hour', undefined, HOUR_MS, { rollMs: null, markMs: TEN }],
    ['hours: caught up with this hour', TEN, HOUR_MS, { rollMs: null, markMs: TEN }],
    [
      'hours: two hours behind rolls the older one',
      TEN - 2 * HOUR_MS,
      HOUR_MS,
      { rollMs: TEN - 2 * HOUR_MS, markMs: TEN - 2 * HOUR_MS },
    ],
    ['days: a store without a mark owes nothing before today', undefined, DAY_MS, { rollMs: null, markMs: TODAY }],
    ['days: caught up with today', TODAY, DAY_MS, { rollMs: null, markMs: TODAY }],
    ['days: a day behind rolls yesterday', TODAY - DAY_MS, DAY_MS, { rollMs: TODAY - DAY_MS, markMs: TODAY - DAY_MS }],
  ])('%s', (_, mark, periodMs, expected) => {
    expect(planRollUp(mark, NOW, periodMs)).toEqual(expected);
  });
});

describe('markAfterRollUp: to the period of the next data, never past the current one', () => {
  it.each<[string, number | null, number, number]>([
    ['hours: no data after the rolled hour moves to this hour', null, HOUR_MS, TEN],
    ['hours: empty hours are skipped', TEN - 3 * HOUR_MS + 37 * 60_000, HOUR_MS, TEN - 3 * HOUR_MS],
    ['hours: data in this hour stops at this hour', TEN + 5 * 60_000, HOUR_MS, TEN],
    ['hours: data after now (a clock set back) stops at this hour', TEN + 2 * HOUR_MS, HOUR_MS, TEN],
    ['days: no data after the rolled day moves to today', null, DAY_MS, TODAY],
    ['days: empty days are skipped', TODAY - 3 * DAY_MS + 15 * HOUR_MS, DAY_MS, TODAY - 3 * DAY_MS],
    ['days: data today stops at today', TODAY + HOUR_MS, DAY_MS, TODAY],
  ])('%s', (_, firstDataMs, periodMs, expected) => {
    expect(markAfterRollUp(firstDataMs, NOW, periodMs)).toBe(expected);
  });
});

describe('planDeletions: one bounded step of retention', () => {
  const caughtUp = { latencyThroughMs: TEN, dailyThroughMs: TODAY };

  it('deletes what retention lets go: a batch of raw cycles and incidents, a few hours, a day', () => {
    expect(planDeletions(NOW, 30_000, DEFAULT_RETENTION, caughtUp)).toEqual({
      raw: { beforeMs: NOW - 48 * HOUR_MS, rows: DELETE_BATCH_ROWS },
      hourly: { beforeMs: NOW - 90 * DAY_MS, spanMs: HOURS_PER_STEP * HOUR_MS },
      daily: { beforeMs: NOW - 400 * DAY_MS, spanMs: DAY_MS },
      hourSketches: { beforeMs: NOW - 7 * DAY_MS, spanMs: HOURS_PER_STEP * HOUR_MS },
      incidents: { beforeMs: NOW - 400 * DAY_MS, rows: DELETE_BATCH_ROWS },
    });
  });

  it('drops nothing before it has been rolled up', () => {
    const behind = { latencyThroughMs: NOW - 50 * HOUR_MS, dailyThroughMs: NOW - 100 * DAY_MS };
    const plan = planDeletions(NOW, 30_000, DEFAULT_RETENTION, behind);
    expect(plan.raw.beforeMs).toBe(behind.latencyThroughMs);
    expect(plan.hourly.beforeMs).toBe(behind.dailyThroughMs);
  });

  it.each<[string, number, number, number]>([
    ['cycles every 30 s: four hours, a day', 30_000, HOURS_PER_STEP * HOUR_MS, DAY_MS],
    ['cycles every 6 h: twice the gap of hours, still a day', 6 * HOUR_MS, 12 * HOUR_MS, DAY_MS],
    ['a probe down for two days: twice the gap of both', 2 * DAY_MS, 4 * DAY_MS, 4 * DAY_MS],
  ])('keeps pace with the time since the last cycle: %s', (_, sinceLastMs, hoursSpanMs, daysSpanMs) => {
    const plan = planDeletions(NOW, sinceLastMs, DEFAULT_RETENTION, caughtUp);
    expect(plan.hourly.spanMs).toBe(hoursSpanMs);
    expect(plan.daily.spanMs).toBe(daysSpanMs);
  });
});
