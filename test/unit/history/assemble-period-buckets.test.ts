import { describe, expect, it } from 'vitest';
import {
  assemblePeriodBuckets,
  type DailyRow,
  groupDays,
  type HourlyRow,
  type PeriodReads,
  planPeriodReads,
} from '../../../src/history/assemble-period-buckets.js';
import { stateMsOf } from '../../../src/history/state-time.js';
import { DAY_MS, HOUR_MS } from '../../../src/time/time-units.js';

// A fixed clock: 20 minutes past ten on a Sunday, UTC.
const TODAY = Date.parse('2026-11-22T00:00:00Z');
const TEN = TODAY + 10 * HOUR_MS;
const NOW = TEN + 20 * 60_000;
const MINUTE_MS = 60_000;
const LATENCY_FROM = TEN - 23 * HOUR_MS;

describe('planPeriodReads: which rows a period needs, from the roll-up marks', () => {
  it.each<[string, number, { dailyThroughMs: number | undefined; latencyThroughMs: number | undefined }, object]>([
    [
      'a store without marks: days up to the end, hours only for latency, raw cycles from 23 hours ago',
      NOW - 7 * DAY_MS,
      { dailyThroughMs: undefined, latencyThroughMs: undefined },
      {
        days: { fromMs: TODAY - 7 * DAY_MS, toMs: NOW },
        hours: { fromMs: LATENCY_FROM, toMs: NOW },
        raw: { fromMs: LATENCY_FROM, toMs: NOW + 1 },
        dailyThroughMs: Number.POSITIVE_INFINITY,
      },
    ],
    [
      '90 days, caught up: days before today, hours from 23 hours ago, raw cycles of this hour',
      NOW - 90 * DAY_MS,
      { dailyThroughMs: TODAY, latencyThroughMs: TEN },
      {
        days: { fromMs: TODAY - 90 * DAY_MS, toMs: TODAY },
        hours: { fromMs: LATENCY_FROM, toMs: NOW },
        raw: { fromMs: TEN, toMs: NOW + 1 },
        dailyThroughMs: TODAY,
      },
    ],
    [
      'the last hour: no days, hours from 23 hours ago for latency',
      NOW - HOUR_MS,
      { dailyThroughMs: TODAY, latencyThroughMs: TEN },
      {
        days: { fromMs: TODAY, toMs: TODAY },
        hours: { fromMs: LATENCY_FROM, toMs: NOW },
        raw: { fromMs: TEN, toMs: NOW + 1 },
        dailyThroughMs: TODAY,
      },
    ],
    [
      'roll-ups three days behind: hours from the daily mark, raw cycles from 23 hours ago',
      NOW - 30 * DAY_MS,
      { dailyThroughMs: TODAY - 3 * DAY_MS, latencyThroughMs: TEN - 30 * HOUR_MS },
      {
        days: { fromMs: TODAY - 30 * DAY_MS, toMs: TODAY - 3 * DAY_MS },
        hours: { fromMs: TODAY - 3 * DAY_MS, toMs: NOW },
        raw: { fromMs: LATENCY_FROM, toMs: NOW + 1 },
        dailyThroughMs: TODAY - 3 * DAY_MS,
      },
    ],
  ])('%s', (_, fromMs, marks, expected) => {
    expect(planPeriodReads(fromMs, NOW, NOW, marks)).toEqual({
      fromMs,
      nowMs: NOW,
      latencyFromMs: LATENCY_FROM,
      ...expected,
    });
  });
});

const states = (row: { component_id: number }, status: 'operational' | 'major_outage', ms: number) => {
  const [operational_ms, maintenance_ms, degraded_ms, partial_ms, major_ms] = stateMsOf(status, ms);
  return { ...row, operational_ms, maintenance_ms, degraded_ms, partial_ms, major_ms };
};
const day = (component_id: number, dayMs: number): DailyRow => ({
  ...states({ component_id }, 'operational', DAY_MS),
  day_ms: dayMs,
});
const hour = (component_id: number, hourMs: number): HourlyRow => ({
  ...states({ component_id }, 'major_outage', HOUR_MS),
  hour_ms: hourMs,
});

describe('groupDays', () => {
  it('makes a day-long bucket of each row, by component, in row order', () => {
    expect(groupDays([day(1, TODAY - 2 * DAY_MS), day(2, TODAY - DAY_MS), day(1, TODAY - DAY_MS)])).toEqual(
      new Map([
        [
          1,
          [
            { startMs: TODAY - 2 * DAY_MS, lengthMs: DAY_MS, ms: stateMsOf('operational', DAY_MS) },
            { startMs: TODAY - DAY_MS, lengthMs: DAY_MS, ms: stateMsOf('operational', DAY_MS) },
          ],
        ],
        [2, [{ startMs: TODAY - DAY_MS, lengthMs: DAY_MS, ms: stateMsOf('operational', DAY_MS) }]],
      ]),
    );
  });
});

describe('assemblePeriodBuckets', () => {
  const reads: PeriodReads = planPeriodReads(TODAY - 7 * DAY_MS, NOW, NOW, {
    dailyThroughMs: TODAY,
    latencyThroughMs: TEN,
  });
  const empty = { ids: new Map([['api', 1]]), days: new Map(), hours: [], latency: new Map(), open: null };

  it.each<[string, number, boolean]>([
    ['an hour rolled into yesterday gives no time', TODAY - HOUR_MS, false],
    ['an hour of today gives time', TODAY + HOUR_MS, true],
    ['an hour before the latency window that is not rolled up gives none', LATENCY_FROM - HOUR_MS, false],
  ])('%s', (_, hourMs, asTime) => {
    const [api] = assemblePeriodBuckets(reads, { ...empty, hours: [hour(1, hourMs)] }).components;
    expect(api?.buckets.length).toBe(asTime ? 1 : 0);
  });

  it('puts days, then hours (the current one up to now), then the open cycle to now, in order of ids', () => {
    const period = assemblePeriodBuckets(reads, {
      ids: new Map([
        ['web', 2],
        ['api', 1],
      ]),
      days: groupDays([day(1, TODAY - DAY_MS)]),
      hours: [hour(1, TODAY + 9 * HOUR_MS), hour(1, TEN)],
      latency: new Map(),
      open: { atMs: NOW - MINUTE_MS, intervalMs: MINUTE_MS, published: new Map([[2, 'major_outage' as const]]) },
    });
    expect(period.components).toEqual([
      {
        name: 'api',
        buckets: [
          { startMs: TODAY - DAY_MS, lengthMs: DAY_MS, ms: stateMsOf('operational', DAY_MS) },
          { startMs: TODAY + 9 * HOUR_MS, lengthMs: HOUR_MS, ms: stateMsOf('major_outage', HOUR_MS) },
          { startMs: TEN, lengthMs: 20 * MINUTE_MS, ms: stateMsOf('major_outage', HOUR_MS) },
        ],
        latency: new Map(),
        dayLatency: new Map(),
      },
      {
        name: 'web',
        buckets: [{ startMs: NOW - MINUTE_MS, lengthMs: MINUTE_MS, ms: stateMsOf('major_outage', MINUTE_MS) }],
        latency: new Map(),
        dayLatency: new Map(),
      },
    ]);
  });

  it('gives each component the latency read for its id, by hour and by day', () => {
    const hours = new Map([[TEN, { p50Ms: 20, p95Ms: 30, p99Ms: 31 }]]);
    const days = new Map([[TODAY, { p50Ms: 21, p95Ms: 33, p99Ms: 40 }]]);
    const [api] = assemblePeriodBuckets(reads, { ...empty, latency: new Map([[1, { hours, days }]]) }).components;
    expect([api?.latency, api?.dayLatency]).toEqual([hours, days]);
  });

  it('gives an open cycle no time when now is not after it', () => {
    const open = { atMs: NOW, intervalMs: MINUTE_MS, published: new Map([[1, 'operational' as const]]) };
    const [api] = assemblePeriodBuckets(reads, { ...empty, open }).components;
    expect(api?.buckets).toEqual([]);
  });
});
