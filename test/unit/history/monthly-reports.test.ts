import { describe, expect, it } from 'vitest';
import { computeErrorBudget } from '../../../src/history/error-budget.js';
import { monthOf, monthPeriod } from '../../../src/history/month-period.js';
import { planReportWrites, RUNNING_REPORT_REWRITE_MS } from '../../../src/history/plan-report-writes.js';
import { renderReportsIndex } from '../../../src/history/render-monthly-report.js';
import { ReportsIndexSchema } from '../../../src/schemas/monthly-report.js';

const NOV_30_LATE = Date.parse('2026-11-30T23:59:30Z');
const DEC_1_EARLY = Date.parse('2026-12-01T00:00:05Z');

describe('monthPeriod and monthOf: a calendar month in UTC', () => {
  it.each([
    ['2026-11', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
    ['2026-12', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['2028-02', '2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z'],
  ])('%s runs from %s to %s', (month, from, to) => {
    const period = monthPeriod(month);
    expect([new Date(period?.fromMs ?? 0).toISOString(), new Date(period?.toMs ?? 0).toISOString()]).toEqual([
      from,
      to,
    ]);
    expect(monthOf(period?.fromMs ?? 0)).toBe(month);
    expect(monthOf((period?.toMs ?? 0) - 1)).toBe(month);
  });

  it.each(['2026-13', '2026-00', '2026-1', 'November'])('knows no month %j', (text) => {
    expect(monthPeriod(text)).toBeUndefined();
  });
});

describe('planReportWrites: the running month at least once a minute, an ended month once more, closed', () => {
  it.each<[string, number, [string, boolean][], number | undefined, object]>([
    ['the first cycle writes the running month', NOV_30_LATE, [], undefined, { close: [], running: '2026-11' }],
    [
      'not again within 30 s',
      NOV_30_LATE,
      [['2026-11', false]],
      NOV_30_LATE - RUNNING_REPORT_REWRITE_MS + 1,
      { close: [], running: undefined },
    ],
    [
      'again 30 s later',
      NOV_30_LATE,
      [['2026-11', false]],
      NOV_30_LATE - RUNNING_REPORT_REWRITE_MS,
      { close: [], running: '2026-11' },
    ],
    [
      'after midnight: November closed, December started',
      DEC_1_EARLY,
      [['2026-11', false]],
      NOV_30_LATE,
      { close: ['2026-11'], running: '2026-12' },
    ],
    [
      'a closed month never again',
      DEC_1_EARLY + 60_000,
      [
        ['2026-11', true],
        ['2026-12', false],
      ],
      DEC_1_EARLY,
      { close: [], running: '2026-12' },
    ],
    [
      'after a probe stopped for two months: each month it had written is closed, in order',
      Date.parse('2027-02-10T00:00:00Z'),
      [
        ['2026-12', false],
        ['2026-11', false],
      ],
      undefined,
      { close: ['2026-11', '2026-12'], running: '2027-02' },
    ],
  ])('%s', (_, atMs, months, writtenAtMs, expected) => {
    expect(planReportWrites(atMs, new Map(months), writtenAtMs)).toEqual(expected);
  });

  it('not again while the history has recorded nothing since (only its time would move), but an ended month still closes', () => {
    const written: [string, boolean][] = [['2026-11', false]];
    const long = NOV_30_LATE - 10 * RUNNING_REPORT_REWRITE_MS;
    expect(planReportWrites(NOV_30_LATE, new Map(written), long, false)).toEqual({ close: [], running: undefined });
    expect(planReportWrites(NOV_30_LATE, new Map(written), long, true)).toEqual({ close: [], running: '2026-11' });
    // A month's first report does not wait for the history.
    expect(planReportWrites(DEC_1_EARLY, new Map(written), NOV_30_LATE, false)).toEqual({
      close: ['2026-11'],
      running: '2026-12',
    });
  });
});

describe('computeErrorBudget: what an objective allows over the time with data', () => {
  const DAY_MS = 86_400_000;

  it.each<[string, number, number, number, object]>([
    [
      '99.9 % over 30 days, 10 minutes down',
      99.9,
      30 * DAY_MS,
      600_000,
      { slo_percent: 99.9, allowed_minutes: 43.2, spent_minutes: 10, left_minutes: 33.2, spent_percent: 23.148 },
    ],
    [
      'overspent: left is negative',
      99,
      DAY_MS,
      3_600_000,
      { slo_percent: 99, allowed_minutes: 14.4, spent_minutes: 60, left_minutes: -45.6, spent_percent: 416.667 },
    ],
    [
      'no data: nothing allowed, no share spent',
      99.9,
      0,
      0,
      { slo_percent: 99.9, allowed_minutes: 0, spent_minutes: 0, left_minutes: 0, spent_percent: null },
    ],
  ])('%s', (_, slo, dataMs, downMs, expected) => {
    expect(computeErrorBudget(slo, dataMs, downMs)).toEqual(expected);
  });
});

describe('renderReportsIndex', () => {
  it('lists the months newest first, each with its JSON and CSV path, valid against its schema', () => {
    const index = ReportsIndexSchema.parse(
      JSON.parse(
        renderReportsIndex(
          'Amsterdam 1',
          new Date(DEC_1_EARLY),
          new Map([
            ['2026-11', true],
            ['2026-12', false],
          ]),
        ),
      ),
    );
    expect(index.months.map(({ month, closed, csv }) => [month, closed, csv])).toEqual([
      ['2026-12', false, '/api/v1/reports/2026-12.csv'],
      ['2026-11', true, '/api/v1/reports/2026-11.csv'],
    ]);
  });
});
