import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sampleMonthlyReport } from '../../helpers/document-fixtures.js';

interface ReportRows {
  monthFromQuery(search: string): string | undefined;
  monthTitle(month: string, locale: string): string;
  componentRows(report: unknown, locale: string): string[][];
  incidentRows(report: unknown, locale: string, timeZone: string): string[][];
}

// The printable report page's pure module, as the browser loads it.
const rows: ReportRows = await import(pathToFileURL(resolve('public/reports/report-rows.js')).href);

describe('the report page: the month it shows and its rows', () => {
  it.each([
    ['?month=2026-11', '2026-11'],
    ['?month=2026-13', undefined],
    ['?month=<script>', undefined],
    ['', undefined],
  ])('reads %j as month %j', (search, month) => {
    expect(rows.monthFromQuery(search)).toBe(month);
  });

  it('names the month in the visitor language', () => {
    expect(rows.monthTitle('2026-11', 'en')).toBe('November 2026');
    expect(rows.monthTitle('2026-11', 'de')).toBe('November 2026');
    expect(rows.monthTitle('2026-03', 'de')).toBe('März 2026');
  });

  it("gives each component its month's figures, as the report has them, in the visitor's numbers", () => {
    expect(rows.componentRows(sampleMonthlyReport(), 'en')).toEqual([
      [
        'Registry',
        '99.965 %',
        '100.0 %',
        '0.0',
        '0.0',
        '10.0',
        '0.0',
        '41 ms',
        '118 ms',
        '305 ms',
        '34.7 % of 28.8 min spent, 18.8 min left (SLO 99.90 %)',
      ],
      ['Scheduler', '100.000 %', '100.0 %', '0.0', '0.0', '0.0', '0.0', '12 ms', '30 ms', '52 ms', '–'],
    ]);
    expect(rows.componentRows(sampleMonthlyReport(), 'de')[0]?.slice(1, 3)).toEqual(['99,965 %', '100,0 %']);
  });

  it('gives each incident its start and end in the visitor zone, and its duration', () => {
    const [incident] = rows.incidentRows(sampleMonthlyReport(), 'en-GB', 'UTC');
    const source = sampleMonthlyReport().incidents[0];
    expect(incident?.[0]).toBe(source?.component);
    expect(incident?.[2]).toContain(new Date(source?.started_at ?? '').getUTCFullYear().toString());
    expect(incident).toHaveLength(5);
  });
});
