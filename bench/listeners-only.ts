/**
 * The listeners under 10,000 idle connections:
 * `npx tsx bench/listeners-only.ts [CLI]` (BENCH_QUICK=1 for 2,000). CLI is
 * a compiled `dist/src/cli/main.js`, this checkout's unless given (another
 * checkout's, to compare). Prints, writes nothing.
 */
import { CLI } from './process-tools.js';
import { measureIdleConnections } from './sections/idle-connections.js';
import { formatIdleConnections } from './sections/idle-connections-report.js';

const connections = process.env.BENCH_QUICK === '1' ? 2_000 : 10_000;
const cli = process.argv[2] ?? CLI;
const results = [];
for (const listener of ['push', 'push-tls', 'metrics'] as const) {
  results.push(await measureIdleConnections(listener, { connections, fdLimit: 8_192, cli }));
  console.error(JSON.stringify(results.at(-1)));
}
for (const line of formatIdleConnections(results)) console.log(line);
