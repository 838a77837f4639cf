/**
 * The email subscribers' section alone: `npx tsx bench/mail-subscribers-only.ts`
 * (BENCH_QUICK=1 for 1,000 subscribers). Prints, writes nothing.
 */
import { rm } from 'node:fs/promises';
import { makeBenchSite } from './fixtures.js';
import { reportMailSubscribers } from './sections/mail-subscribers.js';

const site = await makeBenchSite();
try {
  await reportMailSubscribers(site, process.env.BENCH_QUICK === '1', (line = '') => console.log(line));
} finally {
  await rm(site.root, { recursive: true, force: true });
}
