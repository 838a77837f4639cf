/**
 * Section 3's cost per check of each kind against blackbox_exporter alone:
 * `npx tsx bench/check-kinds-only.ts` (BENCH_QUICK=1 for one short round).
 * Prints, writes nothing.
 */
import { rm } from 'node:fs/promises';
import { makeBenchSite } from './fixtures.js';
import { reportCheckKinds } from './sections/check-kinds-report.js';

const site = await makeBenchSite();
try {
  await reportCheckKinds(site, process.env.BENCH_QUICK === '1', (line = '') => console.log(line));
} finally {
  await rm(site.root, { recursive: true, force: true });
}
