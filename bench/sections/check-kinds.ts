import { mkdir, writeFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { writeHeartbeat } from '../../src/heartbeats/heartbeat-files.js';
import { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS } from '../../src/schemas/components-config.js';
import { hasDnsmasq, startDnsmasq } from '../../test/helpers/dnsmasq.js';
import { startGrpcHealthServer } from '../../test/helpers/grpc-health-server.js';
import { recordedPage, startUpstreamPageServer } from '../../test/helpers/upstream-page-server.js';
import type { BenchSite } from '../fixtures.js';
import { median } from '../process-tools.js';
import { hasNginx, startNginxTargets } from '../servers/nginx-targets.js';
import {
  BLACKBOX,
  blackboxCycle,
  canMeasureProbeCost,
  measure,
  type ProberCost,
  type Sample,
  startBlackbox,
  startOurProbe,
} from './probe-cost.js';

/** The kinds measured, in the order of the table of probers. */
export const MEASURED_KINDS = ['http', 'tcp', 'dns', 'grpc', 'statuspage', 'heartbeat'] as const;
type Kind = (typeof MEASURED_KINDS)[number];

/** blackbox_exporter's module for each kind it has one for, as our check does it. */
const BLACKBOX_MODULES: Partial<Record<Kind, string>> = {
  http: 'http_2xx',
  tcp: 'tcp_connect',
  dns: 'dns_registry',
  grpc: 'grpc_plain',
};

function blackboxModules(): string {
  const timeout = `${DEFAULT_TIMEOUT_MS / 1000}s`;
  return `modules:
  http_2xx:
    prober: http
    timeout: ${timeout}
    http: { method: GET, preferred_ip_protocol: ip4, follow_redirects: false }
  tcp_connect:
    prober: tcp
    timeout: ${timeout}
    tcp: { preferred_ip_protocol: ip4 }
  dns_registry:
    prober: dns
    timeout: ${timeout}
    dns: { query_name: registry.test, query_type: A, transport_protocol: udp, preferred_ip_protocol: ip4, valid_rcodes: [NOERROR] }
  grpc_plain:
    prober: grpc
    timeout: ${timeout}
    grpc: { tls: false, preferred_ip_protocol: ip4 }
`;
}

export interface KindCostRow {
  readonly kind: Kind;
  readonly components: number;
  readonly cycles: number;
  /** `runCycle` alone, the checks and the decisions: each kind's prober and what the cycle makes of it. */
  readonly ours: ProberCost;
  /** blackbox_exporter's module of that kind on the same targets; none for the kinds it has no module for. */
  readonly blackbox: ProberCost | undefined;
}

/** Why the section cannot run here, or `undefined` when it can. */
export function whyNotMeasurable(): string | undefined {
  if (!canMeasureProbeCost() || !hasNginx())
    return `needs \`${BLACKBOX}\` (Debian's prometheus-blackbox-exporter) and nginx`;
  return hasDnsmasq() ? undefined : 'needs dnsmasq (Debian’s dnsmasq-base)';
}

/**
 * Each kind of check's CPU per check in our probe's process (`runCycle`
 * alone, driven a batch of cycles at a time, 30 s apart on its clock),
 * against blackbox_exporter's module of the same kind on the same targets
 * where it has one: one nginx for http and tcp, dnsmasq for dns, a gRPC
 * server with the health service for grpc; a loopback provider's page per
 * component for statuspage (read again every cycle: the worst case), and a
 * record per component for heartbeat. `components` of each kind, medians
 * over `rounds`, who goes first alternating.
 */
export async function measureCheckKinds(
  site: BenchSite,
  components: number,
  rounds: number,
  checksPerBatch: number,
): Promise<KindCostRow[]> {
  const dir = join(site.root, 'check-kinds');
  await mkdir(dir, { recursive: true });
  const stops: (() => Promise<void>)[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: DEFAULT_CONCURRENCY });
  try {
    const nginx = await startNginxTargets(join(dir, 'nginx'));
    stops.push(() => nginx.stop());
    const dns = await startDnsmasq({ hosts: ['10.0.0.1 registry.test'] });
    stops.push(() => dns.stop());
    const grpc = await startGrpcHealthServer({ statuses: { '': 'SERVING' } });
    stops.push(() => grpc.stop());
    const provider = await startUpstreamPageServer({ status: 200, body: recordedPage('github-operational') });
    stops.push(() => provider.stop());
    const blackbox = await startBlackbox(dir, blackboxModules());
    stops.push(() => blackbox.stop());
    const nginxPort = new URL(nginx.origin).port;
    const each = (make: (index: number) => object) =>
      Array.from({ length: components }, (_, index) => ({ name: `Component ${index}`, ...make(index) }));
    const setups: Record<Kind, { components: object[]; blackboxTargets?: string[]; extra?: object }> = {
      http: {
        components: each((index) => ({ url: `${nginx.origin}/component/${index}` })),
        blackboxTargets: Array.from({ length: components }, (_, index) => `${nginx.origin}/component/${index}`),
      },
      tcp: {
        components: each(() => ({ url: `tcp://127.0.0.1:${nginxPort}` })),
        blackboxTargets: Array(components).fill(`127.0.0.1:${nginxPort}`),
      },
      dns: {
        components: each(() => ({ url: `dns://${dns.server}/registry.test?type=A` })),
        blackboxTargets: Array(components).fill(dns.server),
      },
      grpc: {
        components: each(() => ({ url: `grpc://127.0.0.1:${grpc.port}` })),
        blackboxTargets: Array(components).fill(`127.0.0.1:${grpc.port}`),
      },
      statuspage: {
        components: each((index) => ({
          url: `statuspage+${provider.origin}/page-${index}`,
          upstream_component: 'Git Operations',
        })),
        extra: { upstream_refresh_seconds: 1 },
      },
      heartbeat: { components: each(() => ({ heartbeat: { every_seconds: 86_400, token_env: 'BENCH_TOKEN' } })) },
    };
    const rows: KindCostRow[] = [];
    for (const kind of MEASURED_KINDS) {
      const setup = setups[kind];
      const config = join(dir, `${kind}.json`);
      await writeFile(
        config,
        JSON.stringify({ region: 'ams1', schedule: '*/30 * * * * *', ...setup.extra, components: setup.components }),
      );
      const probeDir = join(dir, `ours-${kind}`);
      if (kind === 'heartbeat') {
        // Pushed an hour before the driver's clock starts: every check reads a record, and passes.
        for (let index = 0; index < components; index += 1)
          await writeHeartbeat(join(probeDir, 'state'), `component-${index}`, {
            atMs: Date.now() - 3_600_000,
            ok: true,
            message: null,
          });
      }
      const ours = await startOurProbe(probeDir, config, true);
      const cycles = 2 * Math.max(1, Math.round(checksPerBatch / components / 2));
      const checks = cycles * components;
      const module = BLACKBOX_MODULES[kind];
      const targets = setup.blackboxTargets;
      const runBlackbox =
        module === undefined || targets === undefined
          ? undefined
          : async () => {
              for (let cycle = 0; cycle < cycles; cycle += 1)
                await blackboxCycle(agent, blackbox.origin, targets, DEFAULT_CONCURRENCY, module);
            };
      try {
        await ours.runCycles(Math.max(cycles, 3));
        await runBlackbox?.();
        const samples: { ours: Sample[]; blackbox: Sample[] } = { ours: [], blackbox: [] };
        for (let round = 0; round < rounds; round += 1) {
          const runs = [
            async () => samples.ours.push(await measure(ours.pid, () => ours.runCycles(cycles))),
            async () => {
              if (runBlackbox !== undefined)
                samples.blackbox.push(await measure(blackbox.child.pid as number, runBlackbox));
            },
          ];
          for (const run of round % 2 === 0 ? runs : runs.reverse()) await run();
        }
        const summarize = (list: readonly Sample[]): ProberCost => ({
          cpuPerCheckMs: median(list.map((sample) => sample.cpuMs / checks)),
          wallPerCycleMs: median(list.map((sample) => sample.wallMs / cycles)),
        });
        rows.push({
          kind,
          components,
          cycles,
          ours: summarize(samples.ours),
          blackbox: samples.blackbox.length === 0 ? undefined : summarize(samples.blackbox),
        });
      } finally {
        await ours.stop();
      }
    }
    return rows;
  } finally {
    agent.destroy();
    for (const stop of stops.reverse()) await stop();
  }
}
