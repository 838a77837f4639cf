import { join } from 'node:path';
import { type BenchSite, THROUGHPUT_PATHS } from '../fixtures.js';
import { applyLoad, LOAD_GENERATOR } from '../load.js';
import {
  CLI,
  median,
  pinned,
  REPO_ROOT,
  rssOf,
  type Started,
  startServerProcess,
  TSX_LOADER,
} from '../process-tools.js';

const CONNECTIONS = 32;

export interface ThroughputOptions {
  readonly rounds: number;
  readonly durationS: number;
}

export interface ThroughputResult {
  readonly generator: string;
  /** Median requests/s by server name and path. */
  readonly medians: Record<string, Record<string, number>>;
  readonly errors: number;
  /** Peak RSS of the thin handler's process during the runs, bytes. */
  readonly thinPeakRss: number;
  readonly rounds: number;
  readonly durationS: number;
}

/**
 * The thin handler against the two baselines, each on the same bytes and
 * headers, every server pinned to CPU 1 and the load generator to CPU 0.
 * Runs alternate between servers and the order rotates each round.
 */
export async function measureThroughput(site: BenchSite, options: ThroughputOptions): Promise<ThroughputResult> {
  const node = process.execPath;
  const script = (name: string) => join(REPO_ROOT, 'bench', 'servers', name);
  const servers: [string, Started][] = [
    [
      'bare node:http',
      await startServerProcess(
        ...pinned(1, node, ['--import', TSX_LOADER, script('bare-server.ts'), site.publicDir, site.headersFile]),
      ),
    ],
    [
      'thin handler',
      await startServerProcess(
        ...pinned(1, node, [CLI, 'serve', '--public', site.publicDir, '--headers', site.headersFile]),
        { PORT: '0' },
      ),
    ],
    [
      // The same server counting every request for its metrics listener: what --metrics-port costs.
      'thin handler + metrics',
      await startServerProcess(
        ...pinned(1, node, [
          CLI,
          'serve',
          '--public',
          site.publicDir,
          '--headers',
          site.headersFile,
          '--metrics-port',
          '0',
        ]),
        { PORT: '0' },
      ),
    ],
    [
      'serve-handler',
      await startServerProcess(
        ...pinned(1, node, [
          '--import',
          TSX_LOADER,
          script('serve-handler-server.ts'),
          site.publicDir,
          site.headersFile,
        ]),
      ),
    ],
  ];
  const samples: Record<string, Record<string, number[]>> = {};
  let errors = 0;
  let thinPeakRss = 0;
  try {
    for (const [, server] of servers)
      for (const path of THROUGHPUT_PATHS) await applyLoad(`${server.url}${path}`, CONNECTIONS, 1);
    for (let round = 0; round < options.rounds; round += 1) {
      const order = [...servers.slice(round % servers.length), ...servers.slice(0, round % servers.length)];
      for (const path of THROUGHPUT_PATHS) {
        for (const [name, server] of order) {
          const result = await applyLoad(`${server.url}${path}`, CONNECTIONS, options.durationS);
          errors += result.errors;
          const byPath = samples[name] ?? {};
          samples[name] = byPath;
          byPath[path] = [...(byPath[path] ?? []), result.requestsPerSecond];
          if (name === 'thin handler' && server.child.pid) thinPeakRss = Math.max(thinPeakRss, rssOf(server.child.pid));
        }
      }
    }
  } finally {
    await Promise.all(servers.map(([, server]) => server.stop()));
  }
  const medians: Record<string, Record<string, number>> = {};
  for (const [name, byPath] of Object.entries(samples)) {
    medians[name] = Object.fromEntries(Object.entries(byPath).map(([path, values]) => [path, median(values)]));
  }
  return {
    generator: LOAD_GENERATOR,
    medians,
    errors,
    thinPeakRss,
    rounds: options.rounds,
    durationS: options.durationS,
  };
}
