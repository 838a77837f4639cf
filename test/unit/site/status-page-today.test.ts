import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTIAL_OUTAGE_DOWN_SHARE } from '../../../src/history/compute-uptime.js';
import { type PageModules, preparePageModules } from '../../helpers/page-modules.js';

/** A day of the uptime summary as the page reads it. */
interface Day {
  date: string;
  uptime_percent: number | null;
  worst_status: string | null;
  down_seconds: number;
}

interface Today {
  bringTodayUpToDate(
    days: Day[],
    now: { status: string; startedAt?: string; updatedAt?: string; nowMs: number },
  ): { days: Day[]; extraDownSeconds: number };
  takeOutDowntime(
    figure: { uptime_percent: number | null; data_percent?: number } | undefined,
    extraDownSeconds: number,
    windowDays: number,
  ): { uptime_percent: number | null; data_percent?: number } | undefined;
}

let modules: PageModules;
let today: Today;

beforeAll(async () => {
  modules = await preparePageModules();
  today = await modules.import<Today>('status-page.today.js');
});
afterAll(() => modules.remove());

/** 10:00 UTC on 25 Nov 2026: ten hours (36,000 s) of the UTC day have passed. */
const NOW_MS = Date.parse('2026-11-25T10:00:00Z');
const YESTERDAY: Day = { date: '2026-11-24', uptime_percent: 100, worst_status: 'operational', down_seconds: 0 };
const GREEN_TODAY: Day = { date: '2026-11-25', uptime_percent: 100, worst_status: 'operational', down_seconds: 0 };

describe('bringTodayUpToDate (public/status-page.today.js)', () => {
  it.each([
    // [state now, open incident since, today as the summary has it, today as the page shows it, uptime time not yet counted]
    [
      'a major outage for 12 minutes the summary has not counted',
      'major_outage',
      '2026-11-25T09:48:00Z',
      GREEN_TODAY,
      { worst_status: 'major_outage', down_seconds: 720, uptime_percent: 100 * (1 - 720 / 36_000) },
      720,
    ],
    [
      'a partial outage: its time down in full, a 0.3 share of it against uptime',
      'partial_outage',
      '2026-11-25T09:48:00Z',
      GREEN_TODAY,
      {
        worst_status: 'partial_outage',
        down_seconds: 720,
        uptime_percent: 100 * (1 - (PARTIAL_OUTAGE_DOWN_SHARE * 720) / 36_000),
      },
      PARTIAL_OUTAGE_DOWN_SHARE * 720,
    ],
    [
      'an outage since yesterday counts from the start of the UTC day',
      'major_outage',
      '2026-11-24T20:00:00Z',
      GREEN_TODAY,
      { worst_status: 'major_outage', down_seconds: 36_000, uptime_percent: 0 },
      36_000,
    ],
    [
      'a summary that already counted more keeps its figures',
      'major_outage',
      '2026-11-25T09:58:00Z',
      { ...GREEN_TODAY, uptime_percent: 90, worst_status: 'major_outage', down_seconds: 3_600 },
      { worst_status: 'major_outage', down_seconds: 3_600, uptime_percent: 90 },
      0,
    ],
    [
      'degraded performance counts as up: only the worst state changes',
      'degraded_performance',
      '2026-11-25T09:48:00Z',
      GREEN_TODAY,
      { worst_status: 'degraded_performance', down_seconds: 0, uptime_percent: 100 },
      0,
    ],
    [
      'a day with no data yet takes the state now',
      'major_outage',
      '2026-11-25T09:59:00Z',
      { ...GREEN_TODAY, uptime_percent: null, worst_status: null },
      { worst_status: 'major_outage', down_seconds: 60, uptime_percent: 100 * (1 - 60 / 36_000) },
      60,
    ],
  ])('%s', (_name, status, startedAt, summarised, shown, extra) => {
    const { days, extraDownSeconds } = today.bringTodayUpToDate([YESTERDAY, summarised], {
      status,
      startedAt,
      nowMs: NOW_MS,
    });
    expect(days[0]).toEqual(YESTERDAY);
    expect(days[1]).toEqual({ ...summarised, ...shown, uptime_percent: expect.closeTo(shown.uptime_percent, 9) });
    expect(extraDownSeconds).toBeCloseTo(extra, 9);
  });

  it('counts from the status’s own time, and at least a second, while the incident is not known', () => {
    const { days } = today.bringTodayUpToDate([GREEN_TODAY], {
      status: 'major_outage',
      updatedAt: '2026-11-25T09:59:57Z',
      nowMs: NOW_MS,
    });
    expect(days[0]?.down_seconds).toBe(3);
    const { days: atOnce } = today.bringTodayUpToDate([GREEN_TODAY], {
      status: 'major_outage',
      updatedAt: '2026-11-25T10:00:00Z',
      nowMs: NOW_MS,
    });
    expect(atOnce[0]?.down_seconds).toBe(1);
  });

  it('leaves an operational component, and a summary whose last day is not today, as they are', () => {
    const days = [YESTERDAY, GREEN_TODAY];
    expect(today.bringTodayUpToDate(days, { status: 'operational', nowMs: NOW_MS })).toEqual({
      days,
      extraDownSeconds: 0,
    });
    const old = [YESTERDAY];
    expect(today.bringTodayUpToDate(old, { status: 'major_outage', nowMs: NOW_MS })).toEqual({
      days: old,
      extraDownSeconds: 0,
    });
  });
});

describe('takeOutDowntime (public/status-page.today.js)', () => {
  it('takes time down the summary has not counted out of the time a window had data', () => {
    // 90 days, all with data: 7,776,000 s; 777.6 s more down is 0.01 %.
    expect(today.takeOutDowntime({ uptime_percent: 100, data_percent: 100 }, 777.6, 90)?.uptime_percent).toBeCloseTo(
      99.99,
      9,
    );
    // One day of data in the window: the same time down weighs ninety times as much.
    expect(
      today.takeOutDowntime({ uptime_percent: 100, data_percent: 100 / 90 }, 777.6, 90)?.uptime_percent,
    ).toBeCloseTo(99.1, 9);
    expect(today.takeOutDowntime({ uptime_percent: 100, data_percent: 0.001 }, 3_600, 90)?.uptime_percent).toBe(0);
  });

  it('leaves a figure without extra time down, or without data, as it is', () => {
    const figure = { uptime_percent: 99.5, data_percent: 100 };
    expect(today.takeOutDowntime(figure, 0, 90)).toBe(figure);
    const none = { uptime_percent: null, data_percent: 0 };
    expect(today.takeOutDowntime(none, 60, 90)).toBe(none);
  });
});
