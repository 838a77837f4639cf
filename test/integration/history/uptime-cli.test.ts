import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CycleRecord } from '../../../src/history/cycle-record.js';
import { openSqliteHistoryStore } from '../../../src/history/sqlite-history-store.js';
import { UptimeReportSchema } from '../../../src/history/uptime-report.js';
import type { StatusValue } from '../../../src/schemas/status-value.js';
import { DEFAULT_RETENTION } from '../../../src/settings/history-retention.js';
import { HOUR_MS } from '../../../src/time/time-units.js';
import { runCli } from '../../helpers/run-cli.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const T0 = Date.parse('2026-10-01T00:00:00Z');
const INTERVAL_MS = 5 * 60_000;
let dir: string;
const historyFile = () => join(dir, 'history.sqlite');

const tempDir = tempDirsPerTest();
beforeEach(async () => {
  dir = await tempDir();
  // Two days every 5 minutes: Registry in major outage for an hour on the first day, Scheduler always up.
  const store = openSqliteHistoryStore(historyFile());
  for (let at = T0; at < T0 + 48 * HOUR_MS; at += INTERVAL_MS) {
    const registry: StatusValue = at >= T0 + 6 * HOUR_MS && at < T0 + 7 * HOUR_MS ? 'major_outage' : 'operational';
    const cycle: CycleRecord = {
      atMs: at,
      intervalMs: INTERVAL_MS,
      components: [
        {
          name: 'Scheduler',
          observed: 'operational',
          published: 'operational',
          checks: [],
          regions: null,
          notice: null,
        },
        // A global component, seen down from 3 of the 4 regions while it was down, and declared by the team.
        {
          name: 'Registry, EU',
          observed: registry,
          published: registry,
          checks: [],
          regions: registry === 'operational' ? null : { sawOutage: 3, configured: 4 },
          // The team declared it too: the time is its notice's.
          notice: registry === 'operational' ? null : 'registry-shard-down',
        },
      ],
    };
    store.recordCycle(cycle, DEFAULT_RETENTION);
  }
  store.close();
});

const uptime = (args: string[]) => runCli(['uptime', '--history', historyFile(), ...args], { cwd: dir });

describe('service-directory uptime', () => {
  it('reports a day as JSON: uptime, the share with data, down minutes and the incidents', async () => {
    const result = await uptime(['--since', '2026-10-01', '--until', '2026-10-02', '--json']);
    expect(result.stderr).toBe('');
    const report = UptimeReportSchema.parse(JSON.parse(result.stdout));
    const minutes = { under_maintenance: 0, degraded_performance: 0, partial_outage: 0 };
    // These checks got no answer to time: no percentiles. No config here: no objective, no budget.
    const none = { p50_ms: null, p95_ms: null, p99_ms: null, error_budget: null };
    expect(report.components).toEqual([
      {
        name: 'Scheduler',
        uptime_percent: 100,
        data_percent: 100,
        down_minutes: 0,
        incidents: 0,
        minutes: { ...minutes, operational: 1440, major_outage: 0 },
        ...none,
      },
      {
        name: 'Registry, EU',
        uptime_percent: 95.833,
        data_percent: 100,
        down_minutes: 60,
        incidents: 1,
        minutes: { ...minutes, operational: 1380, major_outage: 60 },
        ...none,
      },
    ]);
    expect(report.incidents).toEqual([
      expect.objectContaining({
        component: 'Registry, EU',
        started_at: '2026-10-01T06:00:00Z',
        resolved_at: '2026-10-01T07:00:00Z',
        duration_seconds: 3600,
        regions: { saw_outage: 3, configured: 4 },
      }),
    ]);
  });

  it('leaves out the time before the history began, and says so in the data share', async () => {
    const result = await uptime(['--since', '2026-09-30', '--until', '2026-10-02', '--csv']);
    expect(result.stdout.trim().split('\n')).toEqual([
      'component,since,until,uptime_percent,data_percent,down_minutes,incidents,operational_minutes,under_maintenance_minutes,degraded_performance_minutes,partial_outage_minutes,major_outage_minutes,p50_ms,p95_ms,p99_ms,slo_percent,budget_allowed_minutes,budget_spent_minutes,budget_left_minutes,budget_spent_percent',
      'Scheduler,2026-09-30T00:00:00Z,2026-10-02T00:00:00Z,100,50,0,0,1440,0,0,0,0,,,,,,,,',
      '"Registry, EU",2026-09-30T00:00:00Z,2026-10-02T00:00:00Z,95.833,50,60,1,1380,0,0,0,60,,,,,,,,',
    ]);
  });

  it('gives the error budget of each component with an slo in the config, spent and left', async () => {
    await writeFile(
      join(dir, 'components.json'),
      JSON.stringify({ region: 'ams1', components: [{ name: 'Registry, EU', url: 'http://127.0.0.1:9/', slo: 99 }] }),
    );
    const result = await uptime([
      '--since',
      '2026-10-01',
      '--until',
      '2026-10-02',
      '--json',
      '--config',
      'components.json',
    ]);
    const report = UptimeReportSchema.parse(JSON.parse(result.stdout));
    // 1 % of a day with data is 14.4 minutes; an hour down spent it four times over.
    expect(report.components.map((component) => [component.name, component.error_budget])).toEqual([
      ['Scheduler', null],
      [
        'Registry, EU',
        { slo_percent: 99, allowed_minutes: 14.4, spent_minutes: 60, left_minutes: -45.6, spent_percent: 416.667 },
      ],
    ]);
  });

  it('reports a calendar month with --month, as --since and --until its bounds do', async () => {
    const month = await uptime(['--month', '2026-10', '--json']);
    const bounds = await uptime(['--since', '2026-10-01', '--until', '2026-11-01', '--json']);
    expect(month.stderr).toBe('');
    expect(UptimeReportSchema.parse(JSON.parse(month.stdout))).toMatchObject({
      since: '2026-10-01T00:00:00Z',
      until: '2026-11-01T00:00:00Z',
    });
    expect(JSON.parse(month.stdout)).toEqual(JSON.parse(bounds.stdout));
  });

  it('prints a table for people', async () => {
    const result = await uptime(['--since', '2026-10-01', '--until', '2026-10-02']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Registry, EU  95.833 %   100.0 %  60.0      1');
    expect(result.stdout).toContain(
      '2026-10-01T06:00:00Z .. 2026-10-01T07:00:00Z  Registry, EU: major_outage (1 h 0 min; seen from 3 of 4 regions; declared in notice registry-shard-down)',
    );
  });

  it.each([
    [['--since', '2026-13-01'], '--since: "2026-13-01" is not a date'],
    [['--since', '2026-10-02', '--until', '2026-10-01'], '--since must be before --until'],
    [['--json', '--csv'], '--json and --csv: pick one'],
    [['--month', '2026-13'], '--month: "2026-13" is not a month like 2026-11'],
    [['--month', '2026-10', '--since', '2026-10-01'], '--month or --since/--until: pick one'],
  ])('refuses %j with exit 1', async (args, message) => {
    const result = await uptime(args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });

  it('names the file when there is no history there', async () => {
    const result = await runCli(['uptime', '--history', join(dir, 'missing.sqlite')], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/missing\.sqlite: no usable history/);
  });
});
