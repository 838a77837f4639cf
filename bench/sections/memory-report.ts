/**
 * Section 5's rows on what `serve` and the sidecar hold, as users run them:
 * the hour through the CLI and the server holding a year of history.
 */

import { LONG_RUNNING_NODE_FLAGS } from '../../src/cli/long-running-node-flags.js';
import type { BenchSite } from '../fixtures.js';
import type { ResidentMemory } from '../process-tools.js';
import {
  type MemoryTrend,
  measureIdleNode,
  measureSoak,
  SOAK_INTERVAL_S,
  type SoakSample,
  STEADY_RATE_PER_S,
  summarizeTrend,
} from './memory-soak.js';
import { measureServeWithYear } from './memory-year.js';

const MB = 1024 * 1024;
/** The sidecar's clock runs this many times as fast as the wall clock: 720 cycles in two minutes. */
const SPEEDUP = 30;
const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (met: boolean) => (met ? 'met' : '**missed**');
const mb = (bytes: number) => `${fmt(bytes / MB, 1)} MB`;
const mbShort = (bytes: number) => fmt(bytes / MB, 1);
const split = (memory: { rss: number; anon: number; file: number }) =>
  `${mb(memory.rss)} (${fmt(memory.anon / MB, 1)} + ${fmt(memory.file / MB, 1)})`;
/** The target for each process at 4 components, and the server's at 1,000 with a year of history. */
const RSS_TARGET_4 = 60 * MB;
const RSS_TARGET_1000 = 150 * MB;
/** Flat: RSS grows by at most this much per 1,000 cycles or per 100,000 requests, after the warm-up. */
const FLAT_SLOPE = 1 * MB;

/**
 * Section 5's hour through the CLI, and the server holding a year of history;
 * `only` runs one of the two (`soak`, `year`), as bench/memory-only.ts lets you.
 */
export async function reportSoak(
  site: BenchSite,
  quick: boolean,
  out: (line?: string) => void,
  only?: string,
): Promise<void> {
  if (only !== 'year') await reportHour(site, quick, out);
  if (only !== 'soak') await reportYear(site, quick, out);
}

async function reportHour(site: BenchSite, quick: boolean, out: (line?: string) => void): Promise<void> {
  const idle = await measureIdleNode();
  const soak = await measureSoak(site, {
    cycles: quick ? 120 : 720,
    speedup: SPEEDUP,
    nodeFlags: LONG_RUNNING_NODE_FLAGS,
  });
  out();
  out('### An hour through the CLI');
  out();
  if (soak === undefined) {
    out('Skipped: libfaketime (Debian package `faketime`) is not installed.');
    return;
  }
  const trend = (memory: (sample: SoakSample) => ResidentMemory, x: (sample: SoakSample) => number) =>
    summarizeTrend(soak.samples, memory, x);
  const byCycle = (sample: SoakSample) => sample.cycles;
  const sidecar = trend((sample) => sample.sidecar, byCycle);
  const steady = trend((sample) => sample.steadyServe, byCycle);
  const saturated = trend(
    (sample) => sample.serve,
    (sample) => sample.requests,
  );
  const last = soak.samples.at(-1);
  const answers = Object.entries(soak.statuses)
    .map(([code, count]) => `${fmt(count)} × ${code}`)
    .join(', ');
  out(
    `\`probe\` (the sidecar) and two \`serve\`s, each a child process of the compiled CLI run as the recipes run it (\`${LONG_RUNNING_NODE_FLAGS.join(' ')}\`), on four stand-ins: the sidecar on the shipped ${SOAK_INTERVAL_S}-second schedule with its clock sped up ${soak.speedup}× by libfaketime, ${fmt(soak.cycles)} cycles (${fmt((soak.cycles * SOAK_INTERVAL_S) / 60)} minutes of its time) in ${fmt(soak.realSeconds)} s, writing into the directory both servers serve. One gets a status page's traffic, paced by the sidecar's clock: ${STEADY_RATE_PER_S} requests a second of it (${fmt(last?.steadyRequests ?? 0)} requests); the other as many as 8 keep-alive connections get answered (${fmt(last?.requests ?? 0)} requests: status, uptime and incidents compressed and conditional, ranges, HEAD, the page, the feed; ${answers}). RSS from /proc every second, as total (anonymous + file-backed: the node binary's pages and libraries, shared with other node processes); start and slope after the first tenth. An idle \`node\` holds ${split(idle)}. The verdict on \`serve\` is on the status page's traffic: the target is about what a deployment holds through its hours, and the saturating row measures how fast requests can be pushed through one process on a shared 2-core machine, which no status page at four components sees (see docs/benchmarks.md).`,
  );
  out();
  out('| process | start | end | max | slope | target max ≤ 60 MB | target flat |');
  out('|---|---|---|---|---|---|---|');
  const perThousandCycles = (memory: MemoryTrend) => (memory.slopePerUnit * 1_000) / MB;
  out(
    `| sidecar, 4 components | ${split(sidecar.start)} | ${split(sidecar.end)} | ${mb(sidecar.maxRss)} | ${fmt(perThousandCycles(sidecar), 2)} MB per 1,000 cycles | ${verdict(sidecar.maxRss <= RSS_TARGET_4)} | ≤ 1 MB per 1,000 cycles: ${verdict(perThousandCycles(sidecar) * MB <= FLAT_SLOPE)} |`,
  );
  out(
    `| serve, 4 components, a status page's traffic | ${split(steady.start)} | ${split(steady.end)} | ${mb(steady.maxRss)} | ${fmt(perThousandCycles(steady), 2)} MB per 1,000 cycles | ${verdict(steady.maxRss <= RSS_TARGET_4)} | ≤ 1 MB per 1,000 cycles: ${verdict(perThousandCycles(steady) * MB <= FLAT_SLOPE)} |`,
  );
  out(
    `| serve, 4 components, saturated | ${split(saturated.start)} | ${split(saturated.end)} | ${mb(saturated.maxRss)} | ${fmt((saturated.slopePerUnit * 100_000) / MB, 2)} MB per 100k requests | reported | reported |`,
  );
  out();
  out(
    "Where each process's memory was at the end, from inside (V8's heap spaces: pages held / in use; anonymous memory outside V8's heap is the C allocator's: buffers, zlib and Brotli, SQLite, thread stacks):",
  );
  out();
  out(
    '| process | anonymous | file-backed | V8 heap held | new space | old space | code space | large objects | external | anonymous outside V8 heap |',
  );
  out('|---|---|---|---|---|---|---|---|---|---|');
  const names: [string, string][] = [
    ['sidecar', 'sidecar'],
    ['steadyServe', "serve, a status page's traffic"],
    ['serve', 'serve, saturated'],
  ];
  for (const [key, name] of names) {
    const inside = soak.insides[key];
    if (!inside) continue;
    const space = (spaceName: string) => {
      const found = inside.spaces[spaceName];
      return found ? `${mbShort(found.size)} / ${mbShort(found.used)}` : '–';
    };
    out(
      `| ${name} | ${mb(inside.anon)} | ${mb(inside.file)} | ${mb(inside.heapTotal)} | ${space('new_space')} | ${space('old_space')} | ${space('code_space')} | ${space('large_object_space')} | ${mb(inside.external)} | ${mb(inside.anon - inside.heapTotal)} |`,
    );
  }
}

async function reportYear(site: BenchSite, quick: boolean, out: (line?: string) => void): Promise<void> {
  out();
  out('### The server holding a year of history');
  out();
  out(
    `\`serve\` (the CLI, run as the recipes run it: \`${LONG_RUNNING_NODE_FLAGS.join(' ')}\`) on a public directory holding what the probe publishes after a year: the history section's generated year rendered by \`renderHistoryDocuments\`, a status naming every component, the shipped page; RSS once every document is loaded and compressed, then under the same steady load for ${quick ? 5 : 20} s.`,
  );
  out();
  out('| components | `/api/v1/uptime` | loaded | end of load | max | requests | target |');
  out('|---|---|---|---|---|---|---|');
  // A smoke run stops at 100: generating the 1,000-component year alone takes most of a minute.
  for (const count of quick ? [4, 100] : [4, 100, 1_000]) {
    const result = await measureServeWithYear(site, count, quick ? 5 : 20, LONG_RUNNING_NODE_FLAGS);
    const target =
      count === 4
        ? `≤ 60 MB: ${verdict(result.maxRss <= RSS_TARGET_4)}`
        : count === 1_000
          ? `≤ 150 MB: ${verdict(result.maxRss <= RSS_TARGET_1000)}`
          : 'reported';
    out(
      `| ${fmt(count)} | ${mb(result.uptimeBytes)} | ${split(result.started)} | ${split(result.end)} | ${mb(result.maxRss)} | ${fmt(result.requests)} (${fmt(result.errors)} failed) | ${target} |`,
    );
  }
}
