/**
 * Section 7 of `npm run bench` alone, for working on the status page:
 * `npx tsx bench/page-only.ts` (BENCH_QUICK=1 for 4 and 100 components only). Prints, writes nothing.
 */
import { rm } from 'node:fs/promises';
import { makeBenchSite } from './fixtures.js';
import { reportPage } from './sections/page-report.js';

const site = await makeBenchSite();
try {
  await reportPage(site, process.env.BENCH_QUICK === '1', (line = '') => console.log(line));
} finally {
  await rm(site.root, { recursive: true, force: true });
}
