/**
 * Section 9, the listeners under 10,000 idle connections:
 * `npx tsx bench/listeners-only.ts [CLI]` (BENCH_QUICK=1 for 2,000). CLI is
 * a compiled `dist/src/cli/main.js`, this checkout's unless given (another
 * checkout's, to compare). Prints, writes nothing.
 */
import { CLI } from './process-tools.js';
import { reportIdleConnections } from './sections/idle-connections-report.js';

await reportIdleConnections(process.env.BENCH_QUICK === '1', (line = '') => console.log(line), process.argv[2] ?? CLI);
