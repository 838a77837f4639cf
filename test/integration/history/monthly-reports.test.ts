import { existsSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { UPTIME_CSV_COLUMNS, UptimeReportSchema } from '../../../src/history/uptime-report.js';
import { type MonthlyReport, MonthlyReportSchema, ReportsIndexSchema } from '../../../src/schemas/monthly-report.js';
import { UptimeDocumentSchema } from '../../../src/schemas/uptime.js';
import { runCli, startCli } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { waitFor } from '../../helpers/test-server.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

/**
 * The probe sidecar under libfaketime (Debian's `faketime`), started a few
 * seconds before midnight UTC on 30 November: November's report is written
 * while it runs, then once more, closed, after midnight, and never again,
 * not by the next cycles nor by a probe started afterwards.
 */
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const cli = useCliSite();
const standin = useStandins();

describe.runIf(existsSync(LIBFAKETIME))('monthly reports across the end of a month (libfaketime)', () => {
  it('writes a closed month once, as CSV a CSV reader reads as the JSON, with the uptime of the uptime document', async () => {
    const healthy = await standin({ mode: 'healthy' });
    const failing = await standin({ mode: 'failing' });
    const root = cli.site.root;
    const reports = join(cli.site.publicDir, 'api/v1/reports');
    const historyFile = join(root, '.state', 'history.sqlite');
    await writeFile(
      join(root, 'components.json'),
      JSON.stringify({
        region: 'ams1',
        schedule: '* * * * * *',
        failure_threshold: 1,
        success_threshold: 1,
        components: [
          { name: 'Registry, EU', url: `${healthy.origin}/healthz`, slo: 99.9 },
          { name: 'Scheduler', url: `${failing.origin}/healthz` },
        ],
      }),
    );
    const startProbe = (start: string) => {
      const probe = startCli(
        ['probe', '--config', 'components.json', '--state', '.state/probe-state.json', '--history', historyFile],
        {
          cwd: root,
          env: { REGION: '', LD_PRELOAD: LIBFAKETIME, FAKETIME: `@${start}`, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
        },
      );
      cli.children.push(probe);
      return probe;
    };
    const readReport = (month: string): MonthlyReport | undefined => {
      try {
        return MonthlyReportSchema.parse(JSON.parse(readFileSync(join(reports, `${month}.json`), 'utf8')));
      } catch {
        return undefined;
      }
    };

    const first = startProbe('2026-11-30 23:59:55');
    // The running month, from its first cycle.
    await waitFor(async () => readReport('2026-11')?.closed === false, 15_000);
    // After midnight: November closed, December running, and the index naming both.
    await waitFor(async () => readReport('2026-11')?.closed === true && readReport('2026-12') !== undefined, 20_000);
    const closedFile = join(reports, '2026-11.json');
    const written = { bytes: readFileSync(closedFile, 'utf8'), mtimeMs: statSync(closedFile).mtimeMs };
    const december = () => Date.parse(readReport('2026-12')?.generated_at ?? '');
    const firstDecember = december();
    // More cycles in December: November's file is left as it was.
    await waitFor(async () => {
      const index = ReportsIndexSchema.safeParse(JSON.parse(readFileSync(join(reports, 'index.json'), 'utf8')));
      return index.success && index.data.months.length === 2;
    }, 10_000);
    const index = ReportsIndexSchema.parse(JSON.parse(readFileSync(join(reports, 'index.json'), 'utf8')));
    expect(index.months).toEqual([
      { month: '2026-12', closed: false, json: '/api/v1/reports/2026-12.json', csv: '/api/v1/reports/2026-12.csv' },
      { month: '2026-11', closed: true, json: '/api/v1/reports/2026-11.json', csv: '/api/v1/reports/2026-11.csv' },
    ]);
    first.child.kill('SIGTERM');
    await first.exited();
    // A probe started afterwards reads the directory back: the closed month is not written again.
    const second = startProbe('2026-12-01 00:00:40');
    await waitFor(async () => december() > firstDecember, 15_000);
    second.child.kill('SIGTERM');
    await second.exited();
    expect(readFileSync(closedFile, 'utf8')).toBe(written.bytes);
    expect(statSync(closedFile).mtimeMs).toBe(written.mtimeMs);

    const report = readReport('2026-11');
    expect(report).toMatchObject({
      month: '2026-11',
      closed: true,
      since: '2026-11-01T00:00:00Z',
      until: '2026-12-01T00:00:00Z',
    });
    const registry = report?.components.find((component) => component.name === 'Registry, EU');
    const scheduler = report?.components.find((component) => component.name === 'Scheduler');
    expect(registry?.uptime_percent).toBe(100);
    expect(registry?.error_budget?.slo_percent).toBe(99.9);
    expect(registry?.p95_ms).not.toBeNull();
    expect(scheduler?.uptime_percent).toBe(0);
    expect(scheduler?.error_budget).toBeNull();

    // The CSV, read by a real CSV parser: a header row of named columns, one row per component, the JSON's figures.
    const rows: Record<string, string>[] = parse(readFileSync(join(reports, '2026-11.csv'), 'utf8'), { columns: true });
    expect(Object.keys(rows[0] ?? {})).toEqual([...UPTIME_CSV_COLUMNS]);
    expect(rows.map((row) => row.component)).toEqual(report?.components.map((component) => component.name));
    for (const [index, component] of (report?.components ?? []).entries()) {
      const row = rows[index] ?? {};
      expect(row.uptime_percent).toBe(String(component.uptime_percent));
      expect(row.down_minutes).toBe(String(component.down_minutes));
      expect(row.major_outage_minutes).toBe(String(component.minutes.major_outage));
      expect(row.p99_ms).toBe(component.p99_ms === null ? '' : String(component.p99_ms));
      expect(row.budget_left_minutes).toBe(
        component.error_budget === null ? '' : String(component.error_budget.left_minutes),
      );
    }

    // The uptime document's day, over the same data (30 November is all of November the history holds).
    const uptime = UptimeDocumentSchema.parse(
      JSON.parse(readFileSync(join(cli.site.publicDir, 'api/v1/uptime'), 'utf8')),
    );
    const dayIndex = (Date.parse('2026-11-30') - Date.parse(uptime.first_day)) / 86_400_000;
    for (const component of uptime.components) {
      const inReport = report?.components.find((each) => each.name === component.name);
      expect(component.days.uptime_percent[dayIndex]).toBe(inReport?.uptime_percent);
    }
    // And `uptime --month`, read from the same history on a clock past the month: the same figures.
    const printed = await runCli(
      ['uptime', '--month', '2026-11', '--json', '--history', historyFile, '--config', 'components.json'],
      { cwd: root, env: { LD_PRELOAD: LIBFAKETIME, FAKETIME: '@2026-12-01 00:02:00' } },
    );
    expect(printed.stderr).toBe('');
    const { since, until, components, incidents } = UptimeReportSchema.parse(JSON.parse(printed.stdout));
    expect({ since, until, components }).toEqual({
      since: report?.since,
      until: report?.until,
      components: report?.components,
    });
    expect(incidents.map((incident) => incident.id)).toEqual(report?.incidents.map((incident) => incident.id));
  }, 90_000);
});
