/**
 * Section 3's feeds of components and groups alone: `npx tsx bench/feeds-only.ts`
 * (BENCH_QUICK=1 for fewer runs). Prints, writes nothing.
 */
import { rm } from 'node:fs/promises';
import { makeBenchSite } from './fixtures.js';
import { reportScopedFeeds } from './sections/scoped-feeds.js';

const site = await makeBenchSite();
try {
  await reportScopedFeeds(site, process.env.BENCH_QUICK === '1', (line = '') => console.log(line));
} finally {
  await rm(site.root, { recursive: true, force: true });
}
