import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ObservationsDocument, ObservationsDocumentSchema } from '../../src/schemas/observations.js';
import { type ServiceStatus, ServiceStatusSchema } from '../../src/schemas/service-status.js';
import { buildSite } from '../../src/site/build-site.js';
import { CLI_ENTRY_POINT } from './cli-invocation.js';
import type { LabHost, LabProcess, NetworkLab } from './network-lab.js';
import { makeTempSite, REPO_ROOT, type TempSite } from './temp-site.js';

/** Where each region's server listens inside its namespace. */
export const LAB_SERVER_PORT = 8080;
/** Where each region's regional component listens, on its own loopback. */
const REGIONAL_PORT = 9000;
/** The stand-in script the lab runs for components and hostile peers. */
export const LAB_SERVER_SCRIPT = join(REPO_ROOT, 'test', 'fixtures', 'lab-server.mjs');

/** How the lab's regions are configured: every two seconds, thresholds of 2, short timeouts. */
export const LAB_TIMING = { intervalMs: 2_000, failureThreshold: 2, timeoutMs: 1_000, peerTimeoutMs: 800 } as const;

export interface LabRegionOptions {
  readonly code: string;
  readonly host: LabHost;
  /** The other regions' hosts by region code. */
  readonly peers: Readonly<Record<string, LabHost>>;
  /** The global component, the same for every region. */
  readonly globalUrl: string;
  /** Outside the platform: when it fails, the probe publishes nothing. */
  readonly connectivityUrl: string;
}

/** One region of the lab: its server, its probe and its own regional component, each a real process in its namespace. */
export interface LabRegion {
  readonly code: string;
  readonly host: LabHost;
  readonly site: TempSite;
  probe: LabProcess;
  status(): Promise<ServiceStatus | undefined>;
  observations(): Promise<ObservationsDocument | undefined>;
  /** `/healthz` as the orchestrator in the region sees it (over the region's own loopback). */
  healthz(): Promise<{ status: number; code: string | undefined }>;
  /** Switches the regional component: `healthy` or `failing`. */
  setRegional(mode: 'healthy' | 'failing'): Promise<void>;
  /** Restarts the probe with other peers (the sidecar reads its config once). */
  restartProbe(peers: Readonly<Record<string, LabHost>>): Promise<void>;
}

/** Builds the region's site and starts its regional component, server and probe sidecar inside its namespace. */
export async function startLabRegion(lab: NetworkLab, options: LabRegionOptions): Promise<LabRegion> {
  const site = await makeTempSite();
  const config = join(site.root, 'data', 'components.json');
  const modeFile = join(site.root, 'regional-mode');
  await writeFile(modeFile, 'healthy');
  await buildSite({ regionsFile: site.regionsFile, headersFile: site.headersFile, publicDir: site.publicDir });
  await writeConfig(config, options, options.peers);

  const node = (args: string[]) => [process.execPath, ...args];
  lab.spawn(options.host, node([LAB_SERVER_SCRIPT, String(REGIONAL_PORT), modeFile]), { cwd: site.root });
  const server = lab.spawn(
    options.host,
    node([join(REPO_ROOT, CLI_ENTRY_POINT), 'serve', '--public', 'public', '--config', config]),
    { cwd: site.root, env: { PORT: String(LAB_SERVER_PORT), HOST: '0.0.0.0' } },
  );
  const startProbe = () =>
    lab.spawn(options.host, node([join(REPO_ROOT, CLI_ENTRY_POINT), 'probe', '--config', config, '--out', 'public']), {
      cwd: site.root,
      env: { REGION: '' },
    });
  await server.waitForOutput(/serve: listening/);

  const readJson = async <T>(file: string, parse: (value: unknown) => T): Promise<T | undefined> => {
    try {
      return parse(JSON.parse(await readFile(join(site.publicDir, 'api', 'v1', file), 'utf8')));
    } catch {
      return undefined;
    }
  };
  const region: LabRegion = {
    code: options.code,
    host: options.host,
    site,
    probe: startProbe(),
    status: () => readJson('status', (value) => ServiceStatusSchema.parse(value)),
    observations: () => readJson('observations', (value) => ObservationsDocumentSchema.parse(value)),
    async healthz() {
      const script =
        `fetch('http://127.0.0.1:${LAB_SERVER_PORT}/healthz').then(async (r) => ` +
        'console.log(JSON.stringify({ status: r.status, body: await r.json() })))';
      const answer = JSON.parse(await lab.exec(options.host, [process.execPath, '-e', script]));
      return { status: answer.status, code: answer.body?.error?.code };
    },
    setRegional: (mode) => writeFile(modeFile, mode),
    async restartProbe(peers) {
      await region.probe.stop();
      await writeConfig(config, options, peers);
      region.probe = startProbe();
    },
  };
  return region;
}

async function writeConfig(
  file: string,
  options: LabRegionOptions,
  peers: Readonly<Record<string, LabHost>>,
): Promise<void> {
  const timing = { timeout_ms: LAB_TIMING.timeoutMs, degraded_ms: LAB_TIMING.timeoutMs - 100 };
  const config = {
    region: options.code,
    schedule: `*/${LAB_TIMING.intervalMs / 1000} * * * * *`,
    failure_threshold: LAB_TIMING.failureThreshold,
    success_threshold: LAB_TIMING.failureThreshold,
    connectivity_url: options.connectivityUrl,
    peers: Object.fromEntries(
      Object.entries(peers).map(([code, host]) => [code, `http://${host.ip}:${LAB_SERVER_PORT}`]),
    ),
    peer_timeout_ms: LAB_TIMING.peerTimeoutMs,
    components: [
      { name: 'Control API', scope: 'global', url: options.globalUrl, ...timing },
      { name: 'Registry', url: `http://127.0.0.1:${REGIONAL_PORT}/v2/`, ...timing },
    ],
  };
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
}
