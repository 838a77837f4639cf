/**
 * Section 1 of `npm run bench` alone, for weighing Node options against
 * throughput: `npx tsx bench/throughput-only.ts` (BENCH_QUICK=1 for one short round). Prints medians, writes nothing.
 */
import { rm } from 'node:fs/promises';
import { makeBenchSite } from './fixtures.js';
import { measureThroughput } from './sections/throughput.js';

const quick = process.env.BENCH_QUICK === '1';
const site = await makeBenchSite();
try {
  const result = await measureThroughput(site, { rounds: quick ? 1 : 3, durationS: quick ? 2 : 5 });
  console.log(JSON.stringify(result, null, 2));
} finally {
  await rm(site.root, { recursive: true, force: true });
}
