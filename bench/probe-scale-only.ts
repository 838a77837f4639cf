/**
 * Section 5's row on one `probe --once` of 10,000 components alone:
 * `npx tsx bench/probe-scale-only.ts [CLI]` (BENCH_QUICK=1 for 2,000). CLI is
 * a compiled `dist/src/cli/main.js`, this checkout's unless given, so that
 * another build (before a change) runs the same row. Prints, writes nothing.
 */
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { makeBenchSite } from './fixtures.js';
import { CLI } from './process-tools.js';
import { reportProbeAtScale } from './sections/probe-at-scale.js';

const site = await makeBenchSite();
try {
  const cli = process.argv[2] === undefined ? CLI : resolve(process.argv[2]);
  await reportProbeAtScale(site, process.env.BENCH_QUICK === '1', (line = '') => console.log(line), cli);
} finally {
  await rm(site.root, { recursive: true, force: true });
}
