import { DAY_MS, HOUR_MS } from '../../src/time/time-units.js';
import type { BenchSite } from '../fixtures.js';
import { measureHistorySize, measureSketchCost, measureWriteAndRender } from './history.js';

const MB = 1024 * 1024;
const KB = 1000;
/** A byte count as the table gives it: MB or KB, decimal. */
const sized = (bytes: number) =>
  bytes >= 1000 * 1000 ? `${fmt(bytes / (1000 * 1000), 1)} MB` : `${fmt(bytes / 1000, 1)} KB`;
const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (met: boolean) => (met ? 'met' : '**missed**');

/**
 * Section 6 of the report: the history's size over two simulated years, one
 * cycle's write and both documents' render. BENCH_QUICK runs it at a tenth of
 * the components and a coarser second year; its figures are then not the targets'.
 */
export async function reportHistory(site: BenchSite, quick: boolean, out: (line?: string) => void): Promise<void> {
  const many = quick ? 100 : 1_000;
  const big = await measureHistorySize(site, many, 30_000, quick ? 6 * HOUR_MS : HOUR_MS);
  const shipped = await measureHistorySize(site, 4, 5_000, quick ? 6 * HOUR_MS : HOUR_MS);
  const cost = await measureWriteAndRender(site, many, 30_000, quick ? 10 : 60, quick ? 4 : 8);
  // The document sizes at 100 components too (at 1,000 they come from `cost`); a smoke run has only 100.
  const hundred = many === 100 ? cost : await measureWriteAndRender(site, 100, 30_000, 2, 3);
  const sketches = measureSketchCost();
  out();
  out('## 6. History (SQLite)');
  out();
  out(
    `A year of cycles generated straight into the store (48 h of raw cycles, 90 days of hourly and 400 days of daily aggregates, a 20-minute incident per component a week), then a second year run through the store's own \`recordCycle\` and compaction at one cycle every ${fmt(big.coarseStepMs / HOUR_MS)} h, and the last 48 h refilled at full density. Sizes include the WAL after a checkpoint.`,
  );
  out();
  out('| case | after year 1 | after year 2 | growth | target | generate / simulate |');
  out('|---|---|---|---|---|---|');
  for (const [result, limitMb] of [
    [big, 250],
    [shipped, 5],
  ] as const) {
    const year2 = result.yearTwoBytes ?? Number.NaN;
    const growth = (year2 - result.yearOneBytes) / MB;
    out(
      `| ${fmt(result.components)} components every ${fmt(result.intervalMs / 1000)} s | ${fmt(result.yearOneBytes / MB, 1)} MB | ${fmt(year2 / MB, 1)} MB | ${growth >= 0 ? '+' : ''}${fmt(growth, 1)} MB | ≤ ${limitMb} MB and no growth: ${verdict(Math.max(result.yearOneBytes, year2) <= limitMb * MB && year2 <= result.yearOneBytes * 1.01)} | ${fmt(result.generateMs / 1000, 1)} s / ${fmt(result.simulateMs / 1000, 1)} s |`,
    );
  }
  out();
  out('| operation, on a year of history | runs | median | max | target |');
  out('|---|---|---|---|---|');
  out(
    `| record one cycle of ${fmt(cost.components)} components (one transaction, with its compaction step) | ${cost.writes} | ${fmt(cost.writeMedianMs, 1)} ms | ${fmt(cost.writeMaxMs, 1)} ms | median ≤ 50 ms: ${verdict(cost.writeMedianMs <= 50)} |`,
  );
  out(
    `| render \`/api/v1/uptime\` (${fmt(cost.uptimeBytes / MB, 1)} MB), ${fmt(cost.components)} detail documents and \`/api/v1/incidents\` for ${fmt(cost.components)} components, validated, each cycle (the first, filling the day cache: ${fmt(cost.firstRenderMs)} ms) | ${cost.renders} | ${fmt(cost.renderMedianMs)} ms (CPU ${fmt(cost.renderCpuMedianMs)} ms) | | ≤ 300 ms: ${verdict(cost.renderMedianMs <= 300)} |`,
  );
  out(
    `| write them: ${fmt(cost.components)} detail files replaced atomically without a flush each, then the summary and the incidents (the same detail files with a flush each: ${fmt(cost.publishSyncedMs)} ms) | ${cost.renders} | ${fmt(cost.publishMedianMs)} ms | | ≤ 500 ms: ${verdict(cost.publishMedianMs <= 500)} |`,
  );
  out(
    `| insert a check's latency into its sketch (DDSketch at 1 %, \`accept\`), over ${fmt(sketches.checks)} checks | 1 | ${fmt(sketches.insertNsPerCheck)} ns a check | | reported |`,
  );
  out(
    `| sketch a component's hour (120 checks), encode it, merge it into its day's sketch (decoded, encoded again): the hourly roll-up's work per component | 1,000 | ${fmt(sketches.hourIntoDayUs, 1)} µs a component | | reported |`,
  );
  out();
  out(
    `A component-day's latency sketch (checks every 30 s, log-normal, σ = 0.5): median ${fmt(sketches.medianDayBytes)} bytes, largest ${fmt(sketches.largestDayBytes)} bytes of 1,000 (≤ 2 KB: ${verdict(sketches.largestDayBytes <= 2_048)}). The year above stores one per component per day (365 days) and one per component per hour for the last 7 days (\`history.hourly_sketch_days\`).`,
  );
  out();
  out(`(${fmt(DAY_MS / HOUR_MS)} hourly latency entries and 90 daily entries per component, in each detail document.)`);
  out();
  out(
    "The history documents with a year of history: before, `/api/v1/uptime` carried every component's 90 days with minutes per state and 24 hours of latency (figures from issue 21); now it carries one value per component per day, and each component's detail is its own `/api/v1/component-history/{slug}.json`, fetched when a visitor opens that component. Compressed as `serve` compresses them.",
  );
  out();
  out(
    '| components | `/api/v1/uptime` before: raw / gzip | after: raw / br / gzip | one detail document: raw / br / gzip | target |',
  );
  out('|---|---|---|---|---|');
  const rows = [
    { result: hundred, before: { raw: 2.0 * 1000 * 1000, gzip: 24.6 * 1000 } },
    // A smoke run has no 1,000-component year.
    ...(cost.components === 1_000 ? [{ result: cost, before: { raw: 20.2 * 1000 * 1000, gzip: 239 * 1000 } }] : []),
  ];
  for (const { result, before } of rows) {
    // The page's whole first load is to stay within 300 KB at 1,000 components: the summary may take half.
    const limit = result.components === 1_000 ? 150 * KB : 15 * KB;
    const wire = Math.max(result.uptimeBrBytes, result.uptimeGzipBytes);
    out(
      `| ${fmt(result.components)} | ${sized(before.raw)} / ${sized(before.gzip)} | ${sized(result.uptimeBytes)} / ${sized(result.uptimeBrBytes)} / ${sized(result.uptimeGzipBytes)} | ${sized(result.detailBytes)} / ${sized(result.detailBrBytes)} / ${sized(result.detailGzipBytes)} | summary compressed ≤ ${sized(limit)}: ${verdict(wire <= limit)} |`,
    );
  }
}
