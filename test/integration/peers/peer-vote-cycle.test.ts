import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { INCIDENTS_PATH } from '../../../src/api-paths.js';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { createProber } from '../../../src/probe-process/create-prober.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { IncidentsDocumentSchema } from '../../../src/schemas/incidents.js';
import { type ObservationsDocument, ObservationsDocumentSchema } from '../../../src/schemas/observations.js';
import { formatTimestamp, ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import type { StatusValue } from '../../../src/schemas/status-value.js';
import type { ProbeSettings } from '../../../src/settings/probe-settings.js';
import type { StandinMode } from '../../../src/standins/standin-mode.js';
import { useLoopbackServers } from '../../helpers/loopback-server.js';
import { checkAt, settingsFor } from '../../helpers/probe-settings.js';
import { useStandins } from '../../helpers/standins.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const standin = useStandins();
const loopback = useLoopbackServers();
let root: string;
let lines: { level: 'info' | 'error'; line: string }[];
const log: ProbeLog = {
  info: (line) => lines.push({ level: 'info', line }),
  error: (line) => lines.push({ level: 'error', line }),
};

const tempDir = tempDirsPerTest({ prefix: 'peer-vote-' });
beforeEach(async () => {
  root = await tempDir();
  lines = [];
});

/** A peer region's origin on loopback, answering its observations with what `seen` says at the time of asking. */
async function peer(region: string, seen: () => Record<string, StatusValue> | 'down') {
  const server = await loopback((_request, response) => {
    const components = seen();
    if (components === 'down') {
      response.writeHead(503).end();
      return;
    }
    const document: ObservationsDocument = {
      version: 'v1',
      region,
      observed_at: formatTimestamp(new Date()),
      components: Object.entries(components).map(([name, status]) => ({
        name,
        scope: 'global',
        status,
        failure_class: null,
        latency_ms: 3,
        vote: null,
      })),
      peers: [],
    };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
  });
  return { region, url: `${server.origin}/api/v1/observations` };
}

/** A prober for Amsterdam 1 with a global Control API and a regional Registry, and two peers; a history file if asked. */
async function regionWith(
  modes: { controlApi: StandinMode; registry?: StandinMode },
  peers: ProbeSettings['peers'],
  extra: Partial<ProbeSettings> = {},
  keepHistory = false,
) {
  const controlApi = await standin({ mode: modes.controlApi });
  const registry = await standin({ mode: modes.registry ?? 'healthy' });
  const settings = settingsFor(
    [
      { name: 'Control API', scope: 'global', checks: [checkAt(`${controlApi.origin}/healthz`, { timeoutMs: 500 })] },
      { name: 'Registry', checks: [checkAt(`${registry.origin}/v2/`)] },
    ],
    { failureThreshold: 1, successThreshold: 1, peers, peerTimeoutMs: 1_000, peerMaxAgeMs: 60_000, ...extra },
  );
  const publicDir = join(root, 'public');
  const prober = createProber({
    settings,
    publicDir: createPublicDirWriter(publicDir),
    stateFile: join(root, 'state.json'),
    ...(keepHistory && { historyFile: join(root, 'history.sqlite') }),
    log,
  });
  const published = async () => {
    await prober.runCycle();
    const status = ServiceStatusSchema.parse(JSON.parse(await readFile(prober.statusFile, 'utf8')));
    const observations = ObservationsDocumentSchema.parse(JSON.parse(await readFile(prober.observationsFile, 'utf8')));
    return { status: Object.fromEntries(status.components.map((c) => [c.name, c.status])), observations };
  };
  const incidents = async () =>
    IncidentsDocumentSchema.parse(JSON.parse(await readFile(join(publicDir, INCIDENTS_PATH), 'utf8'))).incidents;
  return { controlApi, registry, published, incidents, close: () => prober.close() };
}

describe('a cycle with peers', () => {
  it('does not publish an outage of a global component that only this region sees', async () => {
    const peers = [
      await peer('fra1', () => ({ 'Control API': 'operational' })),
      await peer('lhr1', () => ({ 'Control API': 'operational' })),
    ];
    const region = await regionWith({ controlApi: 'failing' }, peers);
    const { status, observations } = await region.published();
    expect(status['Control API']).toBe('operational');
    const [controlApi] = observations.components;
    expect(controlApi).toMatchObject({ name: 'Control API', scope: 'global', status: 'major_outage' });
    expect(controlApi?.failure_class).toBe('status');
    expect(controlApi?.vote?.summary).toBe('1 of 3 regions sees an outage (3 answered, quorum 2): operational');
    expect(controlApi?.vote?.votes).toEqual([
      { region: 'ams1', status: 'major_outage' },
      { region: 'fra1', status: 'operational' },
      { region: 'lhr1', status: 'operational' },
    ]);
  });

  it('publishes the outage once a quorum of regions sees it, and says so in the log', async () => {
    const peers = [
      await peer('fra1', () => ({ 'Control API': 'major_outage' })),
      await peer('lhr1', () => ({ 'Control API': 'operational' })),
    ];
    const region = await regionWith({ controlApi: 'failing' }, peers);
    expect((await region.published()).status['Control API']).toBe('major_outage');
    expect(lines.map(({ line }) => line)).toContain(
      'Control API: major_outage (first observation: 2 of 3 regions see an outage (3 answered, quorum 2): major_outage; here: ' +
        `${region.controlApi.origin}/healthz: unexpected status 503)`,
    );
  });

  it("records in the history how many regions saw a global component's incident; a regional one's says nothing", async () => {
    let fra1: StatusValue = 'major_outage';
    const peers = [
      await peer('fra1', () => ({ 'Control API': fra1 })),
      await peer('lhr1', () => ({ 'Control API': 'major_outage' })),
    ];
    const region = await regionWith({ controlApi: 'failing', registry: 'failing' }, peers, {}, true);
    try {
      await region.published();
      fra1 = 'operational';
      await region.published();
      const incidents = Object.fromEntries((await region.incidents()).map((each) => [each.component, each.regions]));
      // At its widest all three regions saw the Control API down; the Registry is regional: no vote, no count.
      expect(incidents).toEqual({ 'Control API': { saw_outage: 3, configured: 3 }, Registry: null });
    } finally {
      region.close();
    }
  });

  it('holds the published state of a global component when too few peers answer, with a clear log line', async () => {
    let peersUp = true;
    const seen = () => (peersUp ? { 'Control API': 'operational' as const } : ('down' as const));
    const peers = [await peer('fra1', seen), await peer('lhr1', seen)];
    const region = await regionWith({ controlApi: 'healthy' }, peers);
    expect((await region.published()).status['Control API']).toBe('operational');

    peersUp = false;
    await region.controlApi.setMode('failing');
    await region.registry.setMode('failing');
    const { status, observations } = await region.published();
    expect(status).toEqual({ 'Control API': 'operational', Registry: 'major_outage' });
    expect(observations.components[0]?.vote).toMatchObject({ outcome: 'no_quorum', answered: 1, quorum: 2 });
    expect(observations.peers.map(({ region: code, outcome }) => [code, outcome])).toEqual([
      ['fra1', 'unreachable'],
      ['lhr1', 'unreachable'],
    ]);
    const held = lines.filter(({ level, line }) => level === 'error' && line.startsWith('no quorum'));
    expect(held.map(({ line }) => line)).toEqual([
      'no quorum, global components hold their published state: Control API: no quorum: 1 of 3 regions answered, ' +
        '2 needed (1 of 3 regions sees an outage); holding operational; peers not counted: ' +
        `fra1 unreachable (${peers[0]?.url}: status 503), lhr1 unreachable (${peers[1]?.url}: status 503)`,
    ]);
  });

  it('lets a peer vote on global components only: it cannot change a regional one or add a component', async () => {
    const liar = () => ({
      'Control API': 'operational' as const,
      Registry: 'major_outage' as const,
      Database: 'major_outage' as const,
    });
    const region = await regionWith({ controlApi: 'healthy' }, [await peer('fra1', liar), await peer('lhr1', liar)]);
    const { status, observations } = await region.published();
    expect(status).toEqual({ 'Control API': 'operational', Registry: 'operational' });
    expect(observations.components[1]).toMatchObject({ name: 'Registry', scope: 'regional', vote: null });
    expect(observations.peers[0]?.components).toEqual([
      { name: 'Control API', status: 'operational' },
      { name: 'Registry', status: 'major_outage' },
    ]);
  });

  it('applies flapping protection after the vote: a confirmed outage still waits for failure_threshold cycles', async () => {
    let seen: StatusValue = 'operational';
    const everyone = () => ({ 'Control API': seen });
    const region = await regionWith(
      { controlApi: 'healthy' },
      [await peer('fra1', everyone), await peer('lhr1', everyone)],
      { failureThreshold: 2 },
    );
    expect((await region.published()).status['Control API']).toBe('operational');
    seen = 'major_outage';
    await region.controlApi.setMode('failing');
    expect((await region.published()).status['Control API']).toBe('operational');
    expect((await region.published()).status['Control API']).toBe('major_outage');
  });
});
