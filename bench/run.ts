/**
 * `npm run bench`: every performance target of the project measured side by
 * side in one run, printed as tables with ratios and written to
 * bench/RESULTS.md with a description of the machine. Targets are goals for
 * this report, never assertions in the test suite. BENCH_QUICK=1 shortens
 * every section for a smoke run.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { type Standin, startStandin } from '../src/standins/start-standin.js';
import { caseName, makeBenchSite, THROUGHPUT_CASES } from './fixtures.js';
import { CLI, REPO_ROOT } from './process-tools.js';
import { measureColdStarts, writeManyRegions } from './sections/cold-start.js';
import { measureFreshness } from './sections/freshness.js';
import { reportHistory } from './sections/history-report.js';
import { measureProbeMemory } from './sections/memory.js';
import { measureIdleNode, measureSoak, SOAK_INTERVAL_S, summarizeTrend } from './sections/memory-soak.js';
import { measureServeWithYear } from './sections/memory-year.js';
import { reportPage } from './sections/page-report.js';
import { reportProbeCost } from './sections/probe-cost-report.js';
import {
  measureHangingCycle,
  measureManyComponentsCycle,
  REGIONS_FILE,
  writeComponentsConfig,
} from './sections/probe-cycle.js';
import { measureThroughput } from './sections/throughput.js';

const QUICK = process.env.BENCH_QUICK === '1';
const HANG_TIMEOUT_MS = 1_000;
const MB = 1024 * 1024;

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (met: boolean) => (met ? 'met' : '**missed**');
const lines: string[] = [];
function out(line = ''): void {
  lines.push(line);
  console.log(line);
}

function describeMachine(): string[] {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  let kernel = '';
  try {
    kernel = readFileSync('/proc/version', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {}
  return [
    `- CPU: ${cpu}, ${cpus().length} cores; memory ${fmt(totalmem() / 1024 ** 3, 1)} GiB`,
    `- Node ${process.version}; ${kernel}`,
    `- load average at start: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
    `- date: ${new Date().toISOString()}${QUICK ? ' (BENCH_QUICK: shortened run)' : ''}`,
  ];
}

const mb = (bytes: number) => `${fmt(bytes / MB, 1)} MB`;
const split = (memory: { rss: number; anon: number; file: number }) =>
  `${mb(memory.rss)} (${fmt(memory.anon / MB, 1)} + ${fmt(memory.file / MB, 1)})`;
/** The target for each process at 4 components, and the server's at 1,000 with a year of history. */
const RSS_TARGET_4 = 60 * MB;
const RSS_TARGET_1000 = 150 * MB;
/** Flat: RSS grows by at most this much per 1,000 cycles or per 100,000 requests, after the warm-up. */
const FLAT_SLOPE = 1 * MB;

/** Section 5's hour through the CLI, and the server holding a year of history. */
async function reportSoak(): Promise<void> {
  const idle = await measureIdleNode();
  const soak = await measureSoak(site, { cycles: QUICK ? 120 : 720, speedup: 30 });
  out();
  out('### An hour through the CLI');
  out();
  if (soak === undefined) {
    out('Skipped: libfaketime (Debian package `faketime`) is not installed.');
  } else {
    const sidecar = summarizeTrend(
      soak.samples,
      (sample) => sample.sidecar,
      (sample) => sample.cycles,
    );
    const serve = summarizeTrend(
      soak.samples,
      (sample) => sample.serve,
      (sample) => sample.requests,
    );
    const requests = soak.samples.at(-1)?.requests ?? 0;
    const answers = Object.entries(soak.statuses)
      .map(([code, count]) => `${fmt(count)} × ${code}`)
      .join(', ');
    out(
      `\`probe\` (the sidecar) and \`serve\`, each a child process of the compiled CLI as users run it, on four stand-ins: the sidecar on the shipped ${SOAK_INTERVAL_S}-second schedule with its clock sped up ${soak.speedup}× by libfaketime, ${fmt(soak.cycles)} cycles (${fmt((soak.cycles * SOAK_INTERVAL_S) / 60)} minutes of its time) in ${fmt(soak.realSeconds)} s, writing into the directory \`serve\` serves under a steady load of 8 keep-alive connections (${fmt(requests)} requests: status, uptime and incidents compressed and conditional, ranges, HEAD, the page, the feed; ${answers}). RSS from /proc every second, as total (anonymous + file-backed: the node binary's pages and libraries, shared with other node processes); start and slope after the first tenth. An idle \`node\` holds ${split(idle)}.`,
    );
    out();
    out('| process | start | end | max | slope | target max ≤ 60 MB | target flat |');
    out('|---|---|---|---|---|---|---|');
    out(
      `| sidecar, 4 components | ${split(sidecar.start)} | ${split(sidecar.end)} | ${mb(sidecar.maxRss)} | ${fmt((sidecar.slopePerUnit * 1_000) / MB, 2)} MB per 1,000 cycles | ${verdict(sidecar.maxRss <= RSS_TARGET_4)} | ≤ 1 MB per 1,000 cycles: ${verdict(sidecar.slopePerUnit * 1_000 <= FLAT_SLOPE)} |`,
    );
    out(
      `| serve, 4 components | ${split(serve.start)} | ${split(serve.end)} | ${mb(serve.maxRss)} | ${fmt((serve.slopePerUnit * 100_000) / MB, 2)} MB per 100k requests | ${verdict(serve.maxRss <= RSS_TARGET_4)} | ≤ 1 MB per 100k requests: ${verdict(serve.slopePerUnit * 100_000 <= FLAT_SLOPE)} |`,
    );
  }
  out();
  out('### The server holding a year of history');
  out();
  out(
    `\`serve\` (the CLI) on a public directory holding what the probe publishes after a year: the history section's generated year rendered by \`renderHistoryDocuments\`, a status naming every component, the shipped page; RSS once every document is loaded and compressed, then under the same steady load for ${QUICK ? 5 : 20} s.`,
  );
  out();
  out('| components | `/api/v1/uptime` | loaded | end of load | max | requests | target |');
  out('|---|---|---|---|---|---|---|');
  // A smoke run stops at 100: generating the 1,000-component year alone takes most of a minute.
  for (const count of QUICK ? [4, 100] : [4, 100, 1_000]) {
    const result = await measureServeWithYear(site, count, QUICK ? 5 : 20);
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

/**
 * The table rows of the report that carry a verdict, with the section they
 * are under and their first cell: a row with any miss counts as missed.
 */
function collectVerdicts(report: readonly string[]): { section: string; row: string; missed: boolean }[] {
  const rows: { section: string; row: string; missed: boolean }[] = [];
  let section = '';
  for (const line of report) {
    if (line.startsWith('## ')) section = line.slice(3).split(':')[0] ?? '';
    if (line.startsWith('### ')) section = `${section.split(' / ')[0]} / ${line.slice(4)}`;
    if (!line.startsWith('|') || line.startsWith('|---')) continue;
    const missed = line.includes('**missed**');
    if (!missed && !/\bmet\b/.test(line)) continue;
    rows.push({ section, row: line.split('|')[1]?.trim() ?? '', missed });
  }
  return rows;
}

const site = await makeBenchSite();
try {
  out('# Benchmark results');
  out();
  out('Generated by `npm run bench` (bench/run.ts). Every figure below comes from one run on this machine:');
  out();
  for (const line of describeMachine()) out(line);

  // 1. Throughput
  const throughput = await measureThroughput(site, { rounds: QUICK ? 1 : 5, durationS: QUICK ? 2 : 5 });
  out();
  out('## 1. Throughput, requests/s');
  out();
  out(
    `${throughput.generator}, 1 thread, 32 keep-alive connections, ${throughput.durationS} s a run, ${throughput.rounds} rounds alternating between servers (order rotated each round); medians. Servers pinned to CPU 1, load generator to CPU 0. Errors across all runs: ${throughput.errors}.`,
  );
  out();
  out(
    '| path | bare node:http | thin handler | serve-handler | thin / bare | thin / serve-handler | target thin ≥ 0.95 × bare |',
  );
  out('|---|---|---|---|---|---|---|');
  for (const load of THROUGHPUT_CASES) {
    const name = caseName(load);
    const bare = throughput.medians['bare node:http']?.[name] ?? Number.NaN;
    const thin = throughput.medians['thin handler']?.[name] ?? Number.NaN;
    const serveHandler = throughput.medians['serve-handler']?.[name];
    const versus = serveHandler === undefined ? 'n/a (no compression)' : `${fmt(thin / serveHandler, 1)}×`;
    out(
      `| \`${name}\` | ${fmt(bare)} | ${fmt(thin)} | ${serveHandler === undefined ? '–' : fmt(serveHandler)} | ${fmt(thin / bare, 3)} | ${versus} | ${verdict(thin / bare >= 0.95)} |`,
    );
  }

  out();
  out('What `serve --metrics-port` costs on the request path (the same runs: every request counted by path and code):');
  out();
  out('| path | thin handler | thin handler + metrics | with / without | target ≥ 0.95 |');
  out('|---|---|---|---|---|');
  for (const load of THROUGHPUT_CASES) {
    const name = caseName(load);
    const thin = throughput.medians['thin handler']?.[name] ?? Number.NaN;
    const counted = throughput.medians['thin handler + metrics']?.[name] ?? Number.NaN;
    out(
      `| \`${name}\` | ${fmt(thin)} | ${fmt(counted)} | ${fmt(counted / thin, 3)} | ${verdict(counted / thin >= 0.95)} |`,
    );
  }

  // 2. Freshness
  const freshness = await measureFreshness(site, QUICK ? 20 : 100);
  out();
  out('## 2. Freshness: rename to first response carrying the new body');
  out();
  out('| rewrites | p50 | p99 | max | target p99 ≤ 100 ms |');
  out('|---|---|---|---|---|');
  out(
    `| ${freshness.rewrites} | ${fmt(freshness.p50Ms, 1)} ms | ${fmt(freshness.p99Ms, 1)} ms | ${fmt(freshness.maxMs, 1)} ms | ${verdict(freshness.p99Ms <= 100)} |`,
  );

  // 3. Probe cycle
  const hanging = await measureHangingCycle(site, HANG_TIMEOUT_MS, QUICK ? 2 : 5);
  const [many, manyWithHistory] = await measureManyComponentsCycle(site, 1_000, QUICK ? 2 : 5, [
    undefined,
    join(site.root, 'cycle-history.sqlite'),
  ]);
  if (!many || !manyWithHistory) throw new Error('the 1,000-component cycle was not measured');
  out();
  out('## 3. Probe cycle');
  out();
  out('| case | cycles | median | max | target |');
  out('|---|---|---|---|---|');
  out(
    `| 4 components, one hanging, \`timeout_ms\` ${HANG_TIMEOUT_MS} | ${hanging.cycles} | ${fmt(hanging.medianMs)} ms | ${fmt(hanging.maxMs)} ms | within 100 ms of ${HANG_TIMEOUT_MS} ms: ${verdict(Math.abs(hanging.maxMs - HANG_TIMEOUT_MS) <= 100)} |`,
  );
  out(
    `| 1,000 stand-in components on loopback, concurrency 64 | ${many.cycles} | ${fmt(many.medianMs)} ms | ${fmt(many.maxMs)} ms | ≤ 2,000 ms: ${verdict(many.maxMs <= 2_000)} |`,
  );
  out(
    `| the same, history on (recorded and both documents written each cycle) | ${manyWithHistory.cycles} | ${fmt(manyWithHistory.medianMs)} ms | ${fmt(manyWithHistory.maxMs)} ms | ≤ 2,000 ms: ${verdict(manyWithHistory.maxMs <= 2_000)} |`,
  );

  await reportProbeCost(site, QUICK, out);

  // 4. Cold start
  const manyRegions = await writeManyRegions(site, 10_000);
  const coldPublic = join(site.root, 'cold-public');
  const probeOut = join(site.root, 'probe-public');
  await mkdir(coldPublic, { recursive: true });
  const standins: Standin[] = [];
  for (let index = 0; index < 4; index += 1) standins.push(await startStandin({ name: `cold ${index}`, port: 0 }));
  const probeConfig = await writeComponentsConfig(
    site,
    'cold',
    standins.map((standin) => `${standin.origin}/healthz`),
  );
  const cold = await measureColdStarts(
    [
      {
        name: '`build` with 10,000 regions',
        argv: [
          CLI,
          'build',
          '--data',
          manyRegions,
          '--public',
          coldPublic,
          '--headers',
          site.headersFile,
          '--exports',
          join(site.root, 'cold-exports'),
        ],
      },
      {
        name: '`probe --once`, 4 healthy components',
        argv: [
          CLI,
          'probe',
          '--once',
          '--config',
          probeConfig,
          '--regions',
          REGIONS_FILE,
          '--out',
          probeOut,
          '--state',
          join(site.root, 'cold-state.json'),
        ],
      },
    ],
    QUICK ? 3 : 10,
  );
  await Promise.all(standins.map((standin) => standin.close()));
  out();
  out('## 4. Cold start, whole process (compiled JavaScript)');
  out();
  out("| command | median | `node -e ''` | difference | target |");
  out('|---|---|---|---|---|');
  for (const result of cold) {
    const target = result.name.startsWith('`build`') ? `≤ 1,000 ms: ${verdict(result.medianMs <= 1_000)}` : 'reported';
    out(
      `| ${result.name} | ${fmt(result.medianMs)} ms | ${fmt(result.baselineMedianMs)} ms | +${fmt(result.medianMs - result.baselineMedianMs)} ms | ${target} |`,
    );
  }

  // 5. Memory
  const cycles = QUICK ? 100 : 1_000;
  const samples = await measureProbeMemory(
    site,
    cycles,
    QUICK ? [10, 50, 100] : [10, 100, 500, 1_000],
    join(site.root, 'soak-history.sqlite'),
  );
  const first = samples[0];
  const last = samples.at(-1);
  out();
  out('## 5. Memory');
  out();
  out(
    `The probe's cycle with the history on (as the sidecar runs by default), run back to back ${cycles} times against four healthy stand-ins (garbage collected before each sample):`,
  );
  out();
  out('| after cycle | RSS | heap used | external (buffers) |');
  out('|---|---|---|---|');
  for (const sample of samples) {
    const cells = [sample.rss, sample.heapUsed, sample.external].map((bytes) => `${fmt(bytes / MB, 1)} MB`);
    out(`| ${fmt(sample.cycle)} | ${cells.join(' | ')} |`);
  }
  if (first && last) {
    const heapGrowth = (last.heapUsed - first.heapUsed) / MB;
    const rssGrowth = (last.rss - first.rss) / MB;
    out();
    out(
      `Growth from cycle ${first.cycle} to ${last.cycle}: heap ${heapGrowth >= 0 ? '+' : ''}${fmt(heapGrowth, 1)} MB, RSS ${rssGrowth >= 0 ? '+' : ''}${fmt(rssGrowth, 1)} MB. Target, no growth beyond noise: what the program holds (heap plus external) within 2 MB: ${verdict(heapGrowth + (last.external - first.external) / MB <= 2)}. RSS also counts memory the allocator keeps after use; see the notes.`,
    );
  }
  out();
  out(`Thin handler's peak RSS during the throughput runs: ${fmt(throughput.thinPeakRss / MB, 1)} MB.`);
  await reportSoak();

  // 6. History
  await reportHistory(site, QUICK, out);

  // 7. The status page in Chromium
  await reportPage(site, QUICK, out);

  // Every verdict above, in one place: the report's answer to "which targets are met".
  const verdicts = collectVerdicts(lines);
  out();
  out('## Every target of this run');
  out();
  out(
    `${verdicts.filter((row) => !row.missed).length} rows met, ${verdicts.filter((row) => row.missed).length} with a miss:`,
  );
  out();
  out('| section | row | verdict |');
  out('|---|---|---|');
  for (const row of verdicts) out(`| ${row.section} | ${row.row} | ${row.missed ? '**missed**' : 'met'} |`);

  const notes = await readFile(join(REPO_ROOT, 'bench', 'notes.md'), 'utf8').catch(() => '');
  if (notes) {
    out();
    out(notes.trim());
  }
  if (!QUICK) await writeFile(join(REPO_ROOT, 'bench', 'RESULTS.md'), `${lines.join('\n')}\n`);
} finally {
  await rm(site.root, { recursive: true, force: true });
}
