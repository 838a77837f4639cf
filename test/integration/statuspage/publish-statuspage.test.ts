import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_DOCUMENTS } from '../../../src/api-documents.js';
import { INCIDENTS_PATH, STATUSPAGE_MAINTENANCES_PATH } from '../../../src/api-paths.js';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { renderWindowNotices } from '../../../src/notices/maintenance-notices.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { publishStatuspageStep } from '../../../src/publish-steps/publish-statuspage-step.js';
import { runPublishSteps } from '../../../src/publish-steps/run-publish-steps.js';
import { publishStatuspage, type StatuspageWritten } from '../../../src/statuspage/publish-statuspage.js';
import { sampleIncidents, sampleNotices, sampleUptime } from '../../helpers/document-fixtures.js';
import { SAMPLE_NOW, sampleStatuspageSettings, sampleStatuspageStatus } from '../../helpers/statuspage-fixture.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

let publicDir: string;
const tempDir = tempDirsPerTest({ prefix: 'statuspage-' });
beforeEach(async () => {
  publicDir = await tempDir();
});

const V2_ROWS = API_DOCUMENTS.filter((row) => row.path.startsWith('/api/v2/'));
const now = new Date(SAMPLE_NOW);

async function readV2(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(publicDir, path), 'utf8'));
}

describe('publishStatuspage', () => {
  it('writes all eight documents from the status alone when no history or notices are published', async () => {
    const { written } = await publishStatuspage({
      publicDir: createPublicDirWriter(publicDir),
      settings: sampleStatuspageSettings({ maintenance: [] }),
      status: sampleStatuspageStatus(),
      notices: [],
      now,
    });
    expect(written).toEqual(V2_ROWS.map((row) => join(publicDir, row.path)));
    for (const row of V2_ROWS) expect(row.schema.safeParse(await readV2(row.path)).success, row.path).toBe(true);
    expect((await readV2('/api/v2/incidents.json')).incidents).toEqual([]);
  });

  it('renders the config’s windows at its own clock, not the window notices it is handed', async () => {
    // What a build a week ago rendered: the team's notices and that week's occurrence of the window.
    const weekly = { cron: '0 3 * * 2', duration_minutes: 60, time_zone: 'UTC', components: ['Registry'] };
    const stale = renderWindowNotices([weekly], { now: new Date('2026-11-17T00:00:00Z'), announceDays: 1 });
    expect(stale.map((notice) => (notice.kind === 'maintenance' ? notice.window.start : ''))).toEqual([
      '2026-11-17T03:00:00Z',
    ]);
    await publishStatuspage({
      publicDir: createPublicDirWriter(publicDir),
      settings: sampleStatuspageSettings({ maintenance: [weekly], announceDays: 7 }),
      status: sampleStatuspageStatus(),
      notices: [...sampleNotices().notices, ...stale],
      now,
    });
    const maintenances = (await readV2(STATUSPAGE_MAINTENANCES_PATH)).scheduled_maintenances as Record<
      string,
      string
    >[];
    expect(maintenances.map((each) => [each.name, each.scheduled_for])).toEqual([
      ['Planned maintenance: Registry', '2026-11-24T03:00:00Z'],
      ['Registry storage migration', '2026-11-23T02:00:00Z'],
    ]);
  });

  it('writes nothing while the page shows the same, and dates the page to the cycle that changed it', async () => {
    const history = { uptime: sampleUptime(), incidents: sampleIncidents() };
    const settings = sampleStatuspageSettings();
    let last: StatuspageWritten | undefined;
    // One process: one writer, which knows what it wrote.
    const writer = createPublicDirWriter(publicDir);
    const at = (iso: string, components = sampleStatuspageStatus().components) =>
      publishStatuspage({
        publicDir: writer,
        settings,
        status: { ...sampleStatuspageStatus(), components, updated_at: iso },
        notices: [],
        now: new Date(iso),
        history,
        pageUpdatedAt: last?.pageUpdatedAt,
      });
    last = await at(SAMPLE_NOW);
    expect(last.written).toHaveLength(V2_ROWS.length);
    const inodes = async () => Promise.all(V2_ROWS.map(async (row) => (await stat(join(publicDir, row.path))).ino));
    const before = await inodes();

    // A minute later nothing on the page has changed: no file is replaced, and the page keeps its time.
    last = await at('2026-11-21T04:38:59Z');
    expect(last.written).toEqual([]);
    expect(await inodes()).toEqual(before);
    expect(last.pageUpdatedAt).toBe(SAMPLE_NOW);

    // The Registry degrades: every document is written again, each dated to that cycle.
    const degraded = sampleStatuspageStatus().components.map((component) =>
      component.name === 'Registry' ? { ...component, status: 'degraded_performance' as const } : component,
    );
    last = await at('2026-11-21T04:39:59Z', degraded);
    expect(last.written).toHaveLength(V2_ROWS.length);
    for (const row of V2_ROWS) {
      expect((await readV2(row.path)).page, row.path).toMatchObject({ updated_at: '2026-11-21T04:39:59Z' });
    }
    const components = (await readV2('/api/v2/components.json')).components as Record<string, string>[];
    expect(components.find((component) => component.name === 'Registry')?.status).toBe('degraded_performance');

    // Without what was written last (a new process), everything is written, dated to that cycle.
    last = await at('2026-11-21T04:40:59Z', degraded);
    expect(last.written).toEqual([]);
    last = await publishStatuspage({
      publicDir: createPublicDirWriter(publicDir),
      settings,
      status: { ...sampleStatuspageStatus(), components: degraded, updated_at: '2026-11-21T04:41:59Z' },
      notices: [],
      now: new Date('2026-11-21T04:41:59Z'),
      history,
    });
    expect(last.written).toHaveLength(V2_ROWS.length);
    expect((await readV2('/api/v2/status.json')).page).toMatchObject({ updated_at: '2026-11-21T04:41:59Z' });
  });

  it('counts an unreadable incidents document as none, rather than publishing nothing', async () => {
    await mkdir(join(publicDir, 'api', 'v1'), { recursive: true });
    await writeFile(join(publicDir, INCIDENTS_PATH), '{"version": "v1", "incid');
    await publishStatuspage({
      publicDir: createPublicDirWriter(publicDir),
      settings: sampleStatuspageSettings(),
      status: sampleStatuspageStatus(),
      notices: [],
      now,
    });
    expect((await readV2('/api/v2/incidents/unresolved.json')).incidents).toEqual([]);
  });

  it('renders from the history documents handed to it, without reading the files back', async () => {
    await mkdir(join(publicDir, 'api', 'v1'), { recursive: true });
    await writeFile(join(publicDir, INCIDENTS_PATH), '{"version": "v1", "incid');
    const incidents = sampleIncidents();
    expect(incidents.incidents.length).toBeGreaterThan(0);
    await publishStatuspage({
      publicDir: createPublicDirWriter(publicDir),
      settings: sampleStatuspageSettings(),
      status: sampleStatuspageStatus(),
      notices: [],
      now,
      history: { uptime: sampleUptime(), incidents },
    });
    expect((await readV2('/api/v2/incidents.json')).incidents).toHaveLength(incidents.incidents.length);
  });
});

describe('the probe’s Statuspage step', () => {
  it('log a failed write of the Statuspage documents and carry on', async () => {
    // A file where the directory should be: nothing under /api/v2 can be written.
    await writeFile(join(publicDir, 'api'), 'not a directory');
    const lines: string[] = [];
    const log: ProbeLog = { info: (line) => lines.push(line), error: (line) => lines.push(line) };
    const step = publishStatuspageStep(
      { publicDir: createPublicDirWriter(publicDir), log },
      sampleStatuspageSettings(),
    );
    const cycle = {
      status: sampleStatuspageStatus(),
      components: [],
      notices: [],
      history: () => undefined,
      signal: undefined,
    };
    // Among the steps, as the probe runs them: the failure is logged once, in the step's words, and the run goes on.
    await expect(runPublishSteps([step], cycle, log)).resolves.toEqual({});
    expect(lines.filter((line) => line.startsWith('Statuspage documents not written:'))).toHaveLength(1);
  });

  it('write all eight again after a failed write, even when the page then shows what it showed before', async () => {
    const log: ProbeLog = { info: () => {}, error: () => {} };
    const step = publishStatuspageStep(
      { publicDir: createPublicDirWriter(publicDir), log },
      sampleStatuspageSettings(),
    );
    const history = { uptime: sampleUptime(), incidents: sampleIncidents() };
    const at = (iso: string, registry: 'operational' | 'degraded_performance' = 'operational') =>
      runPublishSteps(
        [step],
        {
          status: {
            ...sampleStatuspageStatus(),
            components: sampleStatuspageStatus().components.map((component) =>
              component.name === 'Registry' ? { ...component, status: registry } : component,
            ),
            updated_at: iso,
          },
          components: [],
          notices: [],
          history: () => history,
          signal: undefined,
        },
        log,
      );
    await at(SAMPLE_NOW);
    // The Registry degrades while nothing under /api/v2 can be written: the write fails part way.
    await rename(join(publicDir, 'api', 'v2'), join(publicDir, 'v2-aside'));
    await writeFile(join(publicDir, 'api', 'v2'), 'not a directory');
    await at('2026-11-21T04:38:59Z', 'degraded_performance');
    // It recovers before the next cycle, which shows what the first did: all eight are written, dated to it.
    await rm(join(publicDir, 'api', 'v2'));
    await at('2026-11-21T04:39:59Z');
    for (const row of V2_ROWS) {
      expect((await readV2(row.path)).page, row.path).toMatchObject({ updated_at: '2026-11-21T04:39:59Z' });
    }
  });
});
