/**
 * Section 5's memory of `serve` and the sidecar alone (the hour through the
 * CLI, the server holding a year of history), for working on memory:
 * `npx tsx bench/memory-only.ts [soak|year]` (BENCH_QUICK=1 for the short run). Prints, writes nothing.
 */
import { rm } from 'node:fs/promises';
import { makeBenchSite } from './fixtures.js';
import { reportSoak } from './sections/memory-report.js';

const site = await makeBenchSite();
try {
  await reportSoak(site, process.env.BENCH_QUICK === '1', (line = '') => console.log(line), process.argv[2]);
} finally {
  await rm(site.root, { recursive: true, force: true });
}
