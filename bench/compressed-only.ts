/**
 * Section 8 of `npm run bench` alone, for working on the compressed static
 * files: `npx tsx bench/compressed-only.ts [CLI]` (BENCH_QUICK=1 for smaller
 * crowds). CLI is a compiled `dist/src/cli/main.js`, this checkout's unless
 * given, so that another build (before a change) runs the same crowds.
 * Prints, writes nothing.
 */
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { makeBenchSite } from './fixtures.js';
import { CLI } from './process-tools.js';
import { reportCompressedFiles } from './sections/compressed-files-report.js';

const site = await makeBenchSite();
try {
  const cli = process.argv[2] === undefined ? CLI : resolve(process.argv[2]);
  await reportCompressedFiles(site, process.env.BENCH_QUICK === '1', (line = '') => console.log(line), cli);
} finally {
  await rm(site.root, { recursive: true, force: true });
}
