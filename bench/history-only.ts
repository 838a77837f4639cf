/**
 * Section 6 of `npm run bench` alone, for working on the history:
 * `npx tsx bench/history-only.ts` (BENCH_QUICK=1 for the reduced size). Prints, writes nothing.
 */
import { rm } from 'node:fs/promises';
import { makeBenchSite } from './fixtures.js';
import { reportHistory } from './sections/history-report.js';

const site = await makeBenchSite();
try {
  await reportHistory(site, process.env.BENCH_QUICK === '1', (line = '') => console.log(line));
} finally {
  await rm(site.root, { recursive: true, force: true });
}
