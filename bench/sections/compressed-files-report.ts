/**
 * Section 8 of `npm run bench`: the compressed static files under crowds,
 * the issue 34 cases (200 files of 1 MiB, 32 at once; twelve of 8 MiB at
 * once; 100 of 1 MiB asked for four times over, 8 at once, with the page's
 * script and the status timed alongside).
 */
import { COMPRESSED_CACHE_BYTES } from '../../src/server/compressed-files.js';
import type { BenchSite } from '../fixtures.js';
import { CLI } from '../process-tools.js';
import { type CrowdCase, measureCrowd } from './compressed-files.js';

const MB = 1024 * 1024;
/** The target: resident memory within the cache's bound plus a fixed share, under this in its case. */
const PEAK_TARGET_BYTES = 400 * MB;
/** The hot file and the status stay fast under a crowd of files that do not fit: median at most this. */
const HOT_P50_TARGET_MS = 50;

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (met: boolean) => (met ? 'met' : '**missed**');

export const CROWDS: readonly CrowdCase[] = [
  { name: '200 files of 1 MiB, 32 at once', files: 200, fileMiB: 1, concurrency: 32, rounds: 1, timeHotPaths: false },
  { name: '12 files of 8 MiB, all at once', files: 12, fileMiB: 8, concurrency: 12, rounds: 1, timeHotPaths: false },
  {
    name: '100 files of 1 MiB, 4 rounds, 8 at once',
    files: 100,
    fileMiB: 1,
    concurrency: 8,
    rounds: 4,
    timeHotPaths: true,
  },
];

/** Runs the crowds (`quick`: the first two only, smaller) against `cli` and writes the section's tables. */
export async function reportCompressedFiles(
  site: BenchSite,
  quick: boolean,
  out: (line?: string) => void,
  cli = CLI,
): Promise<void> {
  const crowds = quick ? CROWDS.map((crowd) => ({ ...crowd, files: Math.ceil(crowd.files / 4) })) : CROWDS;
  const results = [];
  for (const crowd of crowds) results.push(await measureCrowd(site, crowd, cli));
  out();
  out('## 8. Compressed static files under crowds');
  out();
  out(
    `\`serve\` with the shipped Node options; compressible JSON files under \`public/\` asked for with \`Accept-Encoding: br, gzip\`; the compressed files' cache bound is ${fmt(COMPRESSED_CACHE_BYTES / MB)} MiB. Resident memory sampled every 20 ms; "after" is 2 s after the crowd.`,
  );
  out();
  out(
    '| crowd | RSS before | peak RSS | after | wall | server CPU | answers br / gzip / as they are / failed | target peak < 400 MB |',
  );
  out('|---|---|---|---|---|---|---|---|');
  for (const result of results) {
    const { codings } = result;
    out(
      `| ${result.crowd.name} | ${fmt(result.startRss / MB)} MB | ${fmt(result.peakRss / MB)} MB | ${fmt(result.afterRss / MB)} MB | ${fmt(result.wallMs / 1000, 1)} s | ${fmt(result.cpuMs / 1000, 1)} s | ${codings.br ?? 0} / ${codings.gzip ?? 0} / ${codings.identity ?? 0} / ${(codings.error ?? 0) + result.errors} | ${verdict(result.peakRss < PEAK_TARGET_BYTES)} |`,
    );
  }
  const timed = results.find((result) => result.hot !== undefined);
  if (timed?.hot === undefined) return;
  out();
  out(
    `Meanwhile, in the last crowd (more compressible bytes than the cache holds), a side client asked for the page's script and the status every 50 ms on connections of their own:`,
  );
  out();
  out(`| path | idle p50 | p50 under the crowd | max under the crowd | target p50 ≤ ${HOT_P50_TARGET_MS} ms |`);
  out('|---|---|---|---|---|');
  for (const [path, times] of [
    ['/status-page.js', timed.hot.script],
    ['/api/v1/status', timed.hot.status],
  ] as const) {
    out(
      `| \`${path}\` | ${fmt(times.idleP50, 1)} ms | ${fmt(times.p50, 1)} ms | ${fmt(times.max, 1)} ms | ${verdict(times.p50 <= HOT_P50_TARGET_MS)} |`,
    );
  }
}
