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
    expect(report.components).toEqual([
      { name: 'Scheduler', uptime_percent: 100, data_percent: 100, down_minutes: 0, incidents: 0 },
      { name: 'Registry, EU', uptime_percent: 95.833, data_percent: 100, down_minutes: 60, incidents: 1 },
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
      'component,since,until,uptime_percent,data_percent,down_minutes,incidents',
      'Scheduler,2026-09-30T00:00:00Z,2026-10-02T00:00:00Z,100,50,0,0',
      '"Registry, EU",2026-09-30T00:00:00Z,2026-10-02T00:00:00Z,95.833,50,60,1',
    ]);
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
