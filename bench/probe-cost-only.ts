/**
 * Section 3's probe cost against blackbox_exporter alone, for working on the
 * probe's cycle: `npx tsx bench/probe-cost-only.ts` (BENCH_QUICK=1 for one
 * short round). Prints, writes nothing.
 */
import { rm } from 'node:fs/promises';
import { makeBenchSite } from './fixtures.js';
import { reportProbeCost } from './sections/probe-cost-report.js';

const site = await makeBenchSite();
try {
  await reportProbeCost(site, process.env.BENCH_QUICK === '1', (line = '') => console.log(line));
} finally {
  await rm(site.root, { recursive: true, force: true });
}
