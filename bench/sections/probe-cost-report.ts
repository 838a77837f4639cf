import type { BenchSite } from '../fixtures.js';
import { BLACKBOX, canMeasureProbeCost, measureProbeCost } from './probe-cost.js';

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (met: boolean) => (met ? 'met' : '**missed**');

/**
 * Section 3's "Probe cost per check against blackbox_exporter": measures at
 * 4, 100 and 1,000 components and prints the table (`quick`: one round of
 * about 200 checks). Prints a line saying why when blackbox_exporter or nginx
 * is missing.
 */
export async function reportProbeCost(site: BenchSite, quick: boolean, out: (line?: string) => void): Promise<void> {
  out();
  out('### Probe cost per check against blackbox_exporter');
  out();
  if (!canMeasureProbeCost()) {
    out(`Skipped: needs \`${BLACKBOX}\` (Debian's prometheus-blackbox-exporter) and nginx.`);
    return;
  }
  const checksPerBatch = quick ? 200 : 1_000;
  const rounds = quick ? 1 : 5;
  const costs = await measureProbeCost(site, [4, 100, 1_000], rounds, checksPerBatch);
  out(
    `The same targets for all three: one nginx on loopback, a URL per component. Our probe is the sidecar's composition (history on, feed, Statuspage documents, badges) in its own process, run a batch of cycles at a time, each cycle 30 s after the last on its clock; "checks alone" is a second such process running only \`runCycle\` (checks and decisions, nothing written); blackbox_exporter (\`${BLACKBOX}\`, module \`http_2xx\`: GET, 2xx, same timeout) gets one \`/probe\` request per component at the same concurrency (64). Each prober's CPU is utime + stime (and its reaped children's) from /proc/PID/stat across a batch of about ${checksPerBatch} checks (an even number of cycles, at least two: the detail documents are written every other cycle), start-up and a warm-up batch (at least three cycles) excluded; ${rounds} rounds rotating which goes first, medians.`,
  );
  out();
  out(
    '| components | cycles a batch | ours: CPU a check | checks alone | blackbox | ours / blackbox | checks alone / blackbox | ours: wall a cycle | checks alone | blackbox | wall ours / blackbox | target CPU ours / blackbox ≤ 1.0 |',
  );
  out('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { components, cycles, ours, checksOnly, blackbox } of costs) {
    const cpuRatio = ours.cpuPerCheckMs / blackbox.cpuPerCheckMs;
    const cells = [
      fmt(components),
      String(cycles),
      ...[ours, checksOnly, blackbox].map((cost) => `${fmt(cost.cpuPerCheckMs, 2)} ms`),
      `${fmt(cpuRatio, 2)}×`,
      `${fmt(checksOnly.cpuPerCheckMs / blackbox.cpuPerCheckMs, 2)}×`,
      ...[ours, checksOnly, blackbox].map((cost) => `${fmt(cost.wallPerCycleMs)} ms`),
      `${fmt(ours.wallPerCycleMs / blackbox.wallPerCycleMs, 2)}×`,
      verdict(cpuRatio <= 1),
    ];
    out(`| ${cells.join(' | ')} |`);
  }
}
