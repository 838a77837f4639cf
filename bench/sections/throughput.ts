import { join } from 'node:path';
import { LONG_RUNNING_NODE_FLAGS } from '../../src/cli/long-running-node-flags.js';
import { type BenchSite, caseName, THROUGHPUT_CASES } from '../fixtures.js';
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
  /** Median requests/s by server name and case (`caseName`). */
  readonly medians: Record<string, Record<string, number>>;
  readonly errors: number;
  /** Peak RSS of the thin handler's process during the runs, bytes: as shipped, and with Node's defaults. */
  readonly thinPeakRss: number;
  readonly defaultsPeakRss: number;
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
  const serve = [CLI, 'serve', '--public', site.publicDir, '--headers', site.headersFile];
  const servers: [string, Started][] = [
    [
      'bare node:http',
      await startServerProcess(
        ...pinned(1, node, ['--import', TSX_LOADER, script('bare-server.ts'), site.publicDir, site.headersFile]),
      ),
    ],
    [
      // As the recipes run it: with the shipped Node options.
      'thin handler',
      await startServerProcess(...pinned(1, node, [...LONG_RUNNING_NODE_FLAGS, ...serve]), { PORT: '0' }),
    ],
    [
      // The same without them: what the young generation's cap costs.
      'thin handler, Node defaults',
      await startServerProcess(...pinned(1, node, serve), { PORT: '0' }),
    ],
    [
      // The same server counting every request for its metrics listener: what --metrics-port costs.
      'thin handler + metrics',
      await startServerProcess(...pinned(1, node, [...LONG_RUNNING_NODE_FLAGS, ...serve, '--metrics-port', '0']), {
        PORT: '0',
      }),
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
  let defaultsPeakRss = 0;
  try {
    // serve-handler compresses nothing: a compressed case compares the other two.
    const serving = (encoding: string | undefined) =>
      servers.filter(([name]) => encoding === undefined || name !== 'serve-handler');
    const headersOf = (encoding: string | undefined) => (encoding === undefined ? {} : { 'Accept-Encoding': encoding });
    for (const load of THROUGHPUT_CASES)
      for (const [, server] of serving(load.encoding))
        await applyLoad(`${server.url}${load.path}`, CONNECTIONS, 1, headersOf(load.encoding));
    for (let round = 0; round < options.rounds; round += 1) {
      for (const load of THROUGHPUT_CASES) {
        const candidates = serving(load.encoding);
        const order = [
          ...candidates.slice(round % candidates.length),
          ...candidates.slice(0, round % candidates.length),
        ];
        for (const [name, server] of order) {
          const result = await applyLoad(
            `${server.url}${load.path}`,
            CONNECTIONS,
            options.durationS,
            headersOf(load.encoding),
          );
          errors += result.errors;
          const byPath = samples[name] ?? {};
          samples[name] = byPath;
          const key = caseName(load);
          byPath[key] = [...(byPath[key] ?? []), result.requestsPerSecond];
          if (name === 'thin handler' && server.child.pid) thinPeakRss = Math.max(thinPeakRss, rssOf(server.child.pid));
          if (name === 'thin handler, Node defaults' && server.child.pid)
            defaultsPeakRss = Math.max(defaultsPeakRss, rssOf(server.child.pid));
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
    defaultsPeakRss,
    rounds: options.rounds,
    durationS: options.durationS,
  };
}
