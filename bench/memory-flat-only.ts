/**
 * Section 5's private memory at a one-second schedule alone:
 * `npx tsx bench/memory-flat-only.ts [seconds] [path/to/dist/src/cli/main.js]`
 * (12 minutes unless given; `BENCH_FLAT_S` too). The second argument measures
 * another build of the CLI the same way, for a before and after. Prints, writes nothing.
 */
import { rm } from 'node:fs/promises';
import { LONG_RUNNING_NODE_FLAGS } from '../src/cli/long-running-node-flags.js';
import { makeBenchSite } from './fixtures.js';
import { reportFlatMemory } from './sections/memory-flat-report.js';

const durationS = Number(process.argv[2] ?? process.env.BENCH_FLAT_S ?? 720);
const site = await makeBenchSite();
try {
  await reportFlatMemory(
    site,
    { durationS, nodeFlags: LONG_RUNNING_NODE_FLAGS, ...(process.argv[3] ? { cli: process.argv[3] } : {}) },
    (line = '') => console.log(line),
  );
} finally {
  await rm(site.root, { recursive: true, force: true });
}
