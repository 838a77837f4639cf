import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INCIDENTS_PATH, NOTICES_PATH } from '../../../src/api-paths.js';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { fileNoticesSource } from '../../../src/notices/notices-source.js';
import { urlNoticesSource } from '../../../src/notices/url-notices-source.js';
import { createProber } from '../../../src/probe-process/create-prober.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { IncidentsDocumentSchema } from '../../../src/schemas/incidents.js';
import { type Notice, NoticesDocumentSchema } from '../../../src/schemas/notice.js';
import { ObservationsDocumentSchema } from '../../../src/schemas/observations.js';
import { ProbeStateFileSchema } from '../../../src/schemas/probe-state.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { startServer } from '../../../src/server/start-server.js';
import type { StandinMode } from '../../../src/standins/standin-mode.js';
import { HEADERS_FILE } from '../../helpers/fixtures.js';
import { previousReleaseRefuses } from '../../helpers/previous-observations.js';
import { checkAt, settingsFor } from '../../helpers/probe-settings.js';
import { useStandins } from '../../helpers/standins.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const standin = useStandins();
const tempDir = tempDirsPerTest();
const QUIET: ProbeLog = { info: () => {}, error: () => {} };

const NOW = new Date('2026-11-25T14:05:00Z');

function buildsFailing(state: 'investigating' | 'resolved', declared: string): Notice {
  const opened = {
    at: '2026-11-25T14:02:00Z',
    state: 'investigating' as const,
    text: 'A fifth of builds fail.',
    impact: { 'Build Service': declared as 'partial_outage' },
  };
  const updates =
    state === 'resolved'
      ? [opened, { at: '2026-11-25T14:04:00Z', state: 'resolved' as const, text: 'Fixed.' }]
      : [opened];
  return {
    id: 'builds-failing',
    title: 'Builds are failing',
    components: ['Build Service'],
    kind: 'incident',
    state,
    updates,
  };
}

/** A prober of the Build Service (a stand-in in `mode`), reading a real notices file, with history; thresholds of 3. */
async function probeWith(mode: StandinMode, notices: readonly Notice[]) {
  const root = await tempDir();
  const service = await standin({ mode });
  const configFile = join(root, 'components.json');
  const noticesFile = join(root, 'notices.json');
  await writeFile(
    configFile,
    JSON.stringify({ region: 'ams1', components: [{ name: 'Build Service', url: `${service.origin}/healthz` }] }),
  );
  await writeFile(noticesFile, JSON.stringify(notices));
  const publicDir = join(root, 'public');
  const stateFile = join(root, '.state', 'probe-state.json');
  const prober = createProber({
    settings: settingsFor([{ name: 'Build Service', checks: [checkAt(`${service.origin}/healthz`)] }], {
      failureThreshold: 3,
      successThreshold: 3,
    }),
    publicDir: createPublicDirWriter(publicDir),
    stateFile,
    historyFile: join(root, '.state', 'history.sqlite'),
    notices: fileNoticesSource({ noticesFile, componentsFile: configFile, log: QUIET }),
    log: QUIET,
    now: () => NOW,
  });
  const read = async (path: string) => JSON.parse(await readFile(join(publicDir, path), 'utf8'));
  return {
    service,
    prober,
    publicDir,
    setNotices: (next: readonly Notice[]) => writeFile(noticesFile, JSON.stringify(next)),
    status: async () => ServiceStatusSchema.parse(await read('api/v1/status')),
    observations: async () => read('api/v1/observations'),
    incidents: async () => IncidentsDocumentSchema.parse(await read(INCIDENTS_PATH)).incidents,
    notices: async () => NoticesDocumentSchema.parse(await read(NOTICES_PATH)).notices,
    memory: async () => ProbeStateFileSchema.parse(JSON.parse(await readFile(stateFile, 'utf8'))).components,
  };
}

describe('a declared state, applied by the probe', () => {
  it('is published at once over a healthy probe, with the measurement kept in the observations, and lifted at once', async () => {
    const probe = await probeWith('healthy', [buildsFailing('investigating', 'partial_outage')]);
    try {
      await probe.prober.runCycle();
      // Thresholds of 3 do not hold it back: a declaration is not a measurement to confirm.
      expect((await probe.status()).components).toEqual([{ name: 'Build Service', status: 'partial_outage' }]);
      expect(await probe.memory()).toMatchObject([
        { name: 'Build Service', published: 'operational', observed: 'operational', declared: 'partial_outage' },
      ]);
      // What this region measured, for its peers' votes: the declaration is not in place of it.
      const observations = await probe.observations();
      expect(ObservationsDocumentSchema.parse(observations).components[0]?.status).toBe('operational');
      // A peer of the release before declared states still reads it, with its own strict schema.
      expect(previousReleaseRefuses(observations)).toBeUndefined();
      expect((await probe.notices()).map((notice) => notice.id)).toEqual(['builds-failing']);
      // The notice is the incident: the history's record of the time is linked to it.
      expect(
        (await probe.incidents()).map(({ component, notice, resolved_at }) => ({ component, notice, resolved_at })),
      ).toEqual([{ component: 'Build Service', notice: 'builds-failing', resolved_at: null }]);

      await probe.setNotices([buildsFailing('resolved', 'partial_outage')]);
      await probe.prober.runCycle();
      expect((await probe.status()).components).toEqual([{ name: 'Build Service', status: 'operational' }]);
      expect((await probe.incidents())[0]?.resolved_at).toBe('2026-11-25T14:05:00Z');
    } finally {
      probe.prober.close();
    }
  });

  it('never hides a worse state the probe publishes', async () => {
    const probe = await probeWith('failing', [buildsFailing('investigating', 'degraded_performance')]);
    try {
      await probe.prober.runCycle();
      expect((await probe.status()).components).toEqual([{ name: 'Build Service', status: 'major_outage' }]);
      expect((await probe.memory())[0]).not.toHaveProperty('declared');
      // The probe's own incident: its word decided.
      expect((await probe.incidents()).map(({ notice }) => notice)).toEqual([null]);
    } finally {
      probe.prober.close();
    }
  });

  it('keeps the notices last read while the file is broken by a hand edit', async () => {
    const probe = await probeWith('healthy', [buildsFailing('investigating', 'major_outage')]);
    try {
      await probe.prober.runCycle();
      await probe.setNotices([{ ...buildsFailing('investigating', 'major_outage'), components: ['Biuld Service'] }]);
      await probe.prober.runCycle();
      expect((await probe.status()).components).toEqual([{ name: 'Build Service', status: 'major_outage' }]);
    } finally {
      probe.prober.close();
    }
  });

  it('keeps the newer notices when an older version of the file is put back, and takes a newer one', async () => {
    const resolved = buildsFailing('resolved', 'partial_outage');
    const cacheDown = (state: 'investigating' | 'resolved'): Notice => ({
      id: 'cache-down',
      title: 'The build cache is down',
      components: ['Build Service'],
      kind: 'incident',
      state,
      updates: [
        {
          at: '2026-11-25T14:04:30Z',
          state: 'investigating',
          text: 'No build finds its cache.',
          impact: { 'Build Service': 'major_outage' },
        },
        ...(state === 'resolved' ? [{ at: '2026-11-25T14:04:50Z', state: 'resolved' as const, text: 'Back.' }] : []),
      ],
    });
    const probe = await probeWith('healthy', [resolved, cacheDown('investigating')]);
    try {
      await probe.prober.runCycle();
      expect((await probe.status()).components).toEqual([{ name: 'Build Service', status: 'major_outage' }]);
      // The file as it was before cache-down was opened (a backup restored, an older ConfigMap applied).
      for (const older of [[resolved], []]) {
        await probe.setNotices(older);
        await probe.prober.runCycle();
        expect((await probe.status()).components).toEqual([{ name: 'Build Service', status: 'major_outage' }]);
        expect((await probe.notices()).map((notice) => notice.id)).toEqual(['cache-down', 'builds-failing']);
      }
      await probe.setNotices([resolved, cacheDown('resolved')]);
      await probe.prober.runCycle();
      expect((await probe.status()).components).toEqual([{ name: 'Build Service', status: 'operational' }]);
    } finally {
      probe.prober.close();
    }
  });

  it('puts the components of a maintenance notice under maintenance in its window, whatever the checks see', async () => {
    const probe = await probeWith('failing', [
      {
        id: 'build-upgrade',
        title: 'Build Service upgrade',
        components: ['Build Service'],
        kind: 'maintenance',
        state: 'scheduled',
        window: { start: '2026-11-25T14:00:00Z', end: '2026-11-25T15:00:00Z' },
        updates: [{ at: '2026-11-24T10:00:00Z', state: 'scheduled', text: 'Builds pause.' }],
      },
    ]);
    try {
      await probe.prober.runCycle();
      expect((await probe.status()).components).toEqual([{ name: 'Build Service', status: 'under_maintenance' }]);
    } finally {
      probe.prober.close();
    }
  });

  it('reaches every region that reads the notices of one published place, and outlives that place going away', async () => {
    // Amsterdam writes the notices (the team's file) and serves them; Frankfurt reads them from there.
    const amsterdam = await probeWith('healthy', [buildsFailing('investigating', 'major_outage')]);
    const server = await startServer({
      publicDir: amsterdam.publicDir,
      headersFile: HEADERS_FILE,
      port: 0,
      host: '127.0.0.1',
      log: () => {},
    });
    const root = await tempDir();
    const service = await standin({ mode: 'healthy' });
    const componentsFile = join(root, 'components.json');
    await writeFile(
      componentsFile,
      JSON.stringify({ region: 'fra1', components: [{ name: 'Build Service', url: `${service.origin}/` }] }),
    );
    const lines: string[] = [];
    const frankfurt = createProber({
      settings: settingsFor([{ name: 'Build Service', checks: [checkAt(`${service.origin}/healthz`)] }]),
      publicDir: createPublicDirWriter(join(root, 'public')),
      stateFile: join(root, '.state', 'probe-state.json'),
      notices: urlNoticesSource({
        url: `${server.url}${NOTICES_PATH}`,
        componentsFile,
        timeoutMs: 1_000,
        log: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
      }),
      log: QUIET,
      now: () => NOW,
    });
    const frankfurtStatus = async () =>
      ServiceStatusSchema.parse(JSON.parse(await readFile(frankfurt.statusFile, 'utf8'))).components;
    try {
      await amsterdam.prober.runCycle();
      await waitUntil(async () => {
        await frankfurt.runCycle();
        return (await frankfurtStatus())[0]?.status === 'major_outage';
      });
      // The place goes away: Frankfurt says so once, and keeps the notices it last read.
      await server.close();
      await frankfurt.runCycle();
      await frankfurt.runCycle();
      expect(await frankfurtStatus()).toEqual([{ name: 'Build Service', status: 'major_outage' }]);
      expect(lines.filter((line) => line.includes('the notices last read stay in force'))).toHaveLength(1);
    } finally {
      await server.close();
      frankfurt.close();
      amsterdam.prober.close();
    }
  });
});

/** Runs `attempt` until it says yes: the server answers a file anew once it has held still. */
async function waitUntil(attempt: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await attempt())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
