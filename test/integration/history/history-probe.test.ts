import { mkdir, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCycle } from '../../../src/cycle/run-cycle.js';
import { InputError } from '../../../src/errors/input-error.js';
import { createHistoryRecorder } from '../../../src/history/history-recorder.js';
import type { PublishedHistory } from '../../../src/history/published-history.js';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { createProber, type Prober } from '../../../src/probe-process/create-prober.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import type { PublishStep } from '../../../src/publish-steps/publish-step.js';
import { recordHistoryStep } from '../../../src/publish-steps/record-history-step.js';
import { runPublishSteps } from '../../../src/publish-steps/run-publish-steps.js';
import { ComponentHistoryDocumentSchema } from '../../../src/schemas/component-history.js';
import { IncidentsDocumentSchema } from '../../../src/schemas/incidents.js';
import type { ProbeState } from '../../../src/schemas/probe-state.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { UptimeDocumentSchema } from '../../../src/schemas/uptime.js';
import { DEFAULT_RETENTION } from '../../../src/settings/history-retention.js';
import { REGIONS_FILE } from '../../helpers/fixtures.js';
import { checkAt, settingsFor } from '../../helpers/probe-settings.js';
import { runCli, startCli } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { CAN_MOUNT_TMPFS, mountTmpfs, type Tmpfs } from '../../helpers/tmpfs.js';

const standin = useStandins();
const T0 = Date.parse('2026-11-22T10:00:00Z');
const INTERVAL_MS = 30_000;
let root: string;
let lines: { level: 'info' | 'error'; line: string }[];
let clockMs: number;
const probers: Prober[] = [];
const mounts: Tmpfs[] = [];
const log: ProbeLog = {
  info: (line) => lines.push({ level: 'info', line }),
  error: (line) => lines.push({ level: 'error', line }),
};

const tempDir = tempDirsPerTest();
beforeEach(async () => {
  root = await tempDir();
  lines = [];
  clockMs = T0;
});
afterEach(async () => {
  for (const prober of probers.splice(0)) prober.close();
  for (const mount of mounts.splice(0)) await mount.remove();
});

const publicDir = () => join(root, 'public');
const readJson = async (name: string) => JSON.parse(await readFile(join(publicDir(), 'api', 'v1', name), 'utf8'));
const historyErrors = () => lines.filter(({ level, line }) => level === 'error' && line.startsWith('history:'));

async function proberWithHistory(historyFile: string) {
  const component = await standin({ mode: 'healthy' });
  const settings = settingsFor([{ name: 'Scheduler', checks: [checkAt(`${component.origin}/healthz`)] }], {
    schedule: '*/30 * * * * *',
  });
  const prober = createProber({
    settings,
    publicDir: createPublicDirWriter(publicDir()),
    stateFile: join(root, '.state', 'probe-state.json'),
    historyFile,
    log,
    now: () => new Date(clockMs),
  });
  probers.push(prober);
  const cycle = async () => {
    const report = await prober.runCycle();
    clockMs += INTERVAL_MS;
    return report;
  };
  return { component, prober, cycle };
}

describe('the probe with history', () => {
  it('a component failing for 3 cycles then recovering gives one incident with its start, end and duration', async () => {
    const { component, cycle } = await proberWithHistory(join(root, '.state', 'history.sqlite'));
    await cycle();
    await component.setMode('failing');
    for (let index = 0; index < 3; index += 1) await cycle();
    await component.setMode('healthy');
    for (let index = 0; index < 3; index += 1) await cycle();
    const { incidents } = IncidentsDocumentSchema.parse(await readJson('incidents'));
    // Thresholds of 2: the outage is published at the second failing cycle and lifted at the second healthy one.
    expect(incidents).toEqual([
      {
        id: expect.stringMatching(/^scheduler-20261122T100100Z-[0-9a-f]{6}$/),
        component: 'Scheduler',
        worst_status: 'major_outage',
        started_at: '2026-11-22T10:01:00Z',
        resolved_at: '2026-11-22T10:02:30Z',
        updated_at: '2026-11-22T10:02:30Z',
        duration_seconds: 90,
        failure_classes: ['status'],
        last_failure: { class: 'status', http_status: 503 },
        // A regional component in a region without peers: no vote, no count.
        regions: null,
        // The probe's own: no notice declared it.
        notice: null,
      },
    ]);
    const uptime = UptimeDocumentSchema.parse(await readJson('uptime'));
    expect(uptime.generated_at).toBe('2026-11-22T10:03:00Z');
    expect(uptime.interval_seconds).toBe(30);
    expect(uptime.components[0]?.slug).toBe('scheduler');
    expect(uptime.components[0]?.days.down_seconds.at(-1)).toBe(90);
    // The detail document, written beside the summary under the slug it names, at the cycle whose published
    // state changed (10:02:30); the next one, 30 s on, leaves it as it is: within its max-age of 60 s.
    const detail = ComponentHistoryDocumentSchema.parse(await readJson('component-history/scheduler.json'));
    expect(detail.generated_at).toBe('2026-11-22T10:02:30Z');
    expect(detail.days.map((day) => day.worst_status)).toEqual(uptime.components[0]?.days.worst_status);
    // Each cycle stands for the 30 s to the next; the last one, at generated_at, for nothing yet.
    const minutes = { under_maintenance: 0, degraded_performance: 0, partial_outage: 0, major_outage: 1.5 };
    expect(detail.days.at(-1)?.minutes).toEqual({ ...minutes, operational: 1 });
    // A minute after it was written, it is written again with the summary.
    await cycle();
    const later = UptimeDocumentSchema.parse(await readJson('uptime'));
    const again = ComponentHistoryDocumentSchema.parse(await readJson('component-history/scheduler.json'));
    expect(again.generated_at).toBe('2026-11-22T10:03:30Z');
    expect(later.generated_at).toBe(again.generated_at);
    expect(again.days.at(-1)?.minutes).toEqual({ ...minutes, operational: 2 });
  });

  it('hands the documents it just wrote to the steps after it, the same as the files', async () => {
    const component = await standin({ mode: 'healthy' });
    const settings = settingsFor([{ name: 'Scheduler', checks: [checkAt(`${component.origin}/healthz`)] }]);
    const now = () => new Date(clockMs);
    const history = createHistoryRecorder({
      file: join(root, '.state', 'history.sqlite'),
      publicDir: createPublicDirWriter(publicDir()),
      regionName: settings.regionName,
      componentNames: ['Scheduler'],
      intervalMs: INTERVAL_MS,
      retention: DEFAULT_RETENTION,
      log,
      now,
    });
    const handed: (PublishedHistory | undefined)[] = [];
    const steps: PublishStep[] = [
      recordHistoryStep(history, { observer: undefined, clock: () => performance.now() }),
      { name: 'reader', owns: {}, run: async (cycle) => void handed.push(cycle.history()) },
    ];
    let state: ProbeState = { version: 1, components: [] };
    for (const mode of ['healthy', 'failing', 'failing'] as const) {
      await component.setMode(mode);
      const outcome = await runCycle({ settings, state, now });
      if (outcome.kind !== 'observed') throw new Error(`cycle ended ${outcome.kind}`);
      state = outcome.state;
      const { status, components } = outcome;
      await runPublishSteps(
        steps,
        { status, components, notices: [], history: () => history.published(), signal: undefined },
        log,
      );
      clockMs += INTERVAL_MS;
    }
    history.close();
    expect(handed).toHaveLength(3);
    const last = handed.at(-1);
    expect(last?.incidents.incidents).toHaveLength(1);
    expect(last).toEqual({ uptime: await readJson('uptime'), incidents: await readJson('incidents') });
  });

  it('refuses a history file inside the served directory', () => {
    expect(() =>
      createProber({
        settings: settingsFor([{ name: 'Scheduler', checks: [checkAt('http://127.0.0.1:9/')] }]),
        publicDir: createPublicDirWriter(publicDir()),
        stateFile: join(root, '.state', 'probe-state.json'),
        historyFile: join(publicDir(), 'history.sqlite'),
      }),
    ).toThrow(InputError);
  });

  it('a corrupt history file is moved aside, a new history started, and the status still published', async () => {
    const historyFile = join(root, '.state', 'history.sqlite');
    const { cycle } = await proberWithHistory(historyFile);
    await mkdir(join(root, '.state'), { recursive: true });
    await writeFile(historyFile, Buffer.alloc(8192, 'not a database '));
    expect(await cycle()).toMatchObject({ published: true });
    expect(ServiceStatusSchema.parse(await readJson('status')).components).toHaveLength(1);
    expect(historyErrors()).toEqual([
      {
        level: 'error',
        line: expect.stringMatching(
          /^history: .*history\.sqlite is corrupt \(SQLITE_NOTADB: .*\); moved it aside to .*history\.sqlite\.corrupt-20261122T100000Z and started a new history$/,
        ),
      },
    ]);
    expect((await readdir(join(root, '.state'))).sort()).toEqual(
      expect.arrayContaining(['history.sqlite', 'history.sqlite.corrupt-20261122T100000Z']),
    );
    expect(IncidentsDocumentSchema.parse(await readJson('incidents')).incidents).toEqual([]);
  });

  it.runIf(CAN_MOUNT_TMPFS)('a read-only history file system never stops the status, and is logged once', async () => {
    const mount = (await mountTmpfs(1024)) as Tmpfs;
    mounts.push(mount);
    const historyFile = join(mount.dir, 'history.sqlite');
    const first = await proberWithHistory(historyFile);
    expect(await first.cycle()).toMatchObject({ published: true });
    // A file system with files open for writing cannot be remounted read-only: the probe restarts onto it.
    first.prober.close();
    mount.remountReadOnly();
    const { cycle } = await proberWithHistory(historyFile);
    for (let index = 0; index < 3; index += 1) {
      expect(await cycle()).toMatchObject({ published: true });
      expect(ServiceStatusSchema.parse(await readJson('status')).updated_at).toBe(
        new Date(clockMs - INTERVAL_MS).toISOString().replace('.000Z', 'Z'),
      );
    }
    expect(historyErrors()).toHaveLength(1);
    expect(historyErrors()[0]?.line).toMatch(/could not record this cycle .*: SQLITE_(READONLY|CANTOPEN|IOERR)/);
  });

  it.runIf(CAN_MOUNT_TMPFS)(
    'a full disk never stops the status, is logged once, and history resumes when space is freed',
    async () => {
      const mount = (await mountTmpfs(256)) as Tmpfs;
      mounts.push(mount);
      const { cycle } = await proberWithHistory(join(mount.dir, 'history.sqlite'));
      expect(await cycle()).toMatchObject({ published: true });
      const filler = join(mount.dir, 'filler');
      await writeFile(filler, Buffer.alloc(1024)).catch(() => undefined);
      const handle = await open(filler, 'a');
      // Fill every remaining byte, so the next page SQLite needs has nowhere to go.
      for (;;) {
        try {
          await handle.write(Buffer.alloc(4096));
        } catch {
          break;
        }
      }
      await handle.close();
      for (let index = 0; index < 20; index += 1) expect(await cycle()).toMatchObject({ published: true });
      expect(historyErrors()).toHaveLength(1);
      expect(historyErrors()[0]?.line).toMatch(/could not record this cycle .*SQLITE_FULL/);
      await rm(filler);
      expect(await cycle()).toMatchObject({ published: true });
      expect(lines.at(-1)?.line).toMatch(/^history: recording again in /);
    },
  );
});

describe('the probe sidecar killed with SIGKILL', () => {
  it('keeps the history of every cycle it finished', async () => {
    const component = await standin({ mode: 'failing' });
    const config = join(root, 'components.json');
    const historyFile = join(root, '.state', 'history.sqlite');
    await writeFile(
      config,
      JSON.stringify({
        region: 'ams1',
        schedule: '* * * * * *',
        failure_threshold: 1,
        success_threshold: 1,
        components: [{ name: 'Scheduler', url: `${component.origin}/healthz` }],
      }),
    );
    const args = ['probe', '--config', config, '--out', publicDir(), '--regions', REGIONS_FILE];
    const paths = ['--state', join(root, '.state', 'probe-state.json'), '--history', historyFile];
    const sidecar = startCli([...args, ...paths], { cwd: root, env: { REGION: '' } });
    await sidecar.waitForOutput(/(cycle done[\s\S]*){3}/, 20_000);
    const finished = (sidecar.output().match(/cycle done/g) ?? []).length;
    sidecar.child.kill('SIGKILL');
    await sidecar.exited();
    const database = new Database(historyFile, { readonly: true });
    try {
      expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
      const { cycles } = database.prepare('SELECT count(*) AS cycles FROM cycles').get() as { cycles: number };
      // The cycle whose summary was logged last may have been killed before its history was written.
      expect(cycles).toBeGreaterThanOrEqual(finished - 1);
      expect(database.prepare('SELECT component, resolved_ms FROM incidents').all()).toEqual([
        { component: 'Scheduler', resolved_ms: null },
      ]);
    } finally {
      database.close();
    }
    // A restart carries on the same history: the outage is still the one incident, now resolved.
    await component.setMode('healthy');
    const rerun = await runCli([...args, ...paths, '--once'], { cwd: root, env: { REGION: '' } });
    expect(rerun.code).toBe(0);
    const { incidents } = IncidentsDocumentSchema.parse(await readJson('incidents'));
    expect(incidents).toEqual([expect.objectContaining({ component: 'Scheduler', resolved_at: expect.any(String) })]);
  }, 30_000);
});
