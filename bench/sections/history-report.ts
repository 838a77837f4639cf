import { DAY_MS, HOUR_MS } from '../../src/probe/history-retention.js';
import type { BenchSite } from '../fixtures.js';
import { measureHistorySize, measureWriteAndRender } from './history.js';

const MB = 1024 * 1024;
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
    `| render \`/api/v1/uptime\` (${fmt(cost.uptimeBytes / MB, 1)} MB) and \`/api/v1/incidents\` for ${fmt(cost.components)} components, validated, each cycle (the first, filling the day cache: ${fmt(cost.firstRenderMs)} ms) | ${cost.renders} | ${fmt(cost.renderMedianMs)} ms (CPU ${fmt(cost.renderCpuMedianMs)} ms) | | ≤ 300 ms: ${verdict(cost.renderMedianMs <= 300)} |`,
  );
  out();
  out(`(${fmt(DAY_MS / HOUR_MS)} hourly latency entries and 90 daily entries per component.)`);
}
