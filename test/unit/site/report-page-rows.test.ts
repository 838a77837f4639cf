import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleMonthlyReport } from '../../helpers/document-fixtures.js';
import { preparePageModules } from '../../helpers/page-modules.js';

interface ReportRows {
  monthFromQuery(search: string): string | undefined;
  monthTitle(month: string, locale: string): string;
  componentRows(report: unknown, locale: string, t: Translate): string[][];
  incidentRows(report: unknown, locale: string, timeZone: string, t: Translate): string[][];
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

interface Translator {
  useLanguage(choice: { language: string; locale: string }): Promise<void>;
  t: Translate;
}

// The printable report page's pure module, as the browser loads it, and the status page's translator it speaks with.
const rows: ReportRows = await import(pathToFileURL(resolve('public/reports/report-rows.js')).href);
const modules = await preparePageModules();
const { useLanguage, t } = await modules.import<Translator>('status-page.i18n.js');
afterAll(async () => {
  await modules.remove();
});

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

  it("gives each component its month's figures, as the report has them, in the visitor's numbers", async () => {
    await useLanguage({ language: 'en', locale: 'en' });
    expect(rows.componentRows(sampleMonthlyReport(), 'en', t)).toEqual([
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
    await useLanguage({ language: 'de', locale: 'de-DE' });
    const german = rows.componentRows(sampleMonthlyReport(), 'de-DE', t)[0];
    expect(german?.slice(1, 3)).toEqual(['99,965 %', '100,0 %']);
    expect(german?.[10]).toBe('34,7 % von 28,8 Min. verbraucht, 18,8 Min. übrig (SLO 99,90 %)');
  });

  it('gives each incident its start and end in the visitor zone, its worst state and duration in words', async () => {
    await useLanguage({ language: 'en', locale: 'en-GB' });
    const [incident] = rows.incidentRows(sampleMonthlyReport(), 'en-GB', 'UTC', t);
    const source = sampleMonthlyReport().incidents[0];
    expect(incident?.[0]).toBe(source?.component);
    expect(incident?.[2]).toContain(new Date(source?.started_at ?? '').getUTCFullYear().toString());
    expect(incident).toHaveLength(5);
    await useLanguage({ language: 'de', locale: 'de-DE' });
    const [german] = rows.incidentRows(sampleMonthlyReport(), 'de-DE', 'UTC', t);
    expect(german?.[1]).toBe(t(`status.${source?.worst_status}`));
    expect(german?.[1]).not.toContain('_');
    expect(german?.[4]).toMatch(/Min\./);
  });
});
