/**
 * Section 5's private memory over time at a one-second schedule: both
 * processes' curves, sampled on the wall clock, and how much each grew over
 * the second half of the run.
 */
import type { BenchSite } from '../fixtures.js';
import { type FlatMemorySample, measureFlatMemory } from './memory-flat.js';

const MB = 1024 * 1024;
/** The targets: at most this much private memory, and this little growth over the second half. */
const PRIVATE_TARGET = 60 * MB;
const SECOND_HALF_GROWTH_TARGET = 2 * MB;
const fmt = (value: number, digits = 1) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (met: boolean) => (met ? 'met' : '**missed**');

/** Growth over the second half: the mean of the last tenth less the mean around the midpoint. */
export function secondHalfGrowth(samples: readonly FlatMemorySample[], of: (sample: FlatMemorySample) => number) {
  const last = samples.at(-1)?.seconds ?? 0;
  const mean = (from: number, to: number) => {
    const inside = samples.filter((sample) => sample.seconds >= from && sample.seconds <= to).map(of);
    return inside.reduce((sum, value) => sum + value, 0) / Math.max(1, inside.length);
  };
  return mean(last * 0.9, last) - mean(last * 0.45, last * 0.55);
}

/**
 * Growth over the second half read from a straight line fitted (least
 * squares) through all of its samples: the slope times half the run. A
 * collected heap saws up and down by a few megabytes every minute or two, and
 * a mean over a tenth of the run (`secondHalfGrowth`) lands on whichever
 * phase of the saw it happens to cover; the line through every sample of the
 * half does not.
 */
export function fittedSecondHalfGrowth(
  samples: readonly FlatMemorySample[],
  of: (sample: FlatMemorySample) => number,
): number {
  const last = samples.at(-1)?.seconds ?? 0;
  const half = samples.filter((sample) => sample.seconds >= last / 2);
  if (half.length < 2) return 0;
  const meanX = half.reduce((sum, sample) => sum + sample.seconds, 0) / half.length;
  const meanY = half.reduce((sum, sample) => sum + of(sample), 0) / half.length;
  let covariance = 0;
  let variance = 0;
  for (const sample of half) {
    covariance += (sample.seconds - meanX) * (of(sample) - meanY);
    variance += (sample.seconds - meanX) ** 2;
  }
  return variance === 0 ? 0 : (covariance / variance) * (last / 2);
}

/**
 * Runs the sidecar and `serve` for `durationS` seconds (the bench's default
 * is 12 minutes; `BENCH_FLAT_S` sets another, two hours being 7200) and prints both curves.
 */
export async function reportFlatMemory(
  site: BenchSite,
  options: { durationS: number; nodeFlags: readonly string[]; cli?: string },
  out: (line?: string) => void,
): Promise<void> {
  const sampleEveryS = Math.max(5, Math.round(options.durationS / 144));
  const run = await measureFlatMemory(site, { ...options, sampleEveryS });
  const { samples } = run;
  out();
  out('### Private memory at a one-second schedule');
  out();
  out(
    `The sidecar on a one-second schedule at four stand-ins and \`serve\` under light page traffic (2 requests a second, ${run.requests.toLocaleString('en-US')} in all), both run as the recipes run them (\`${options.nodeFlags.join(' ')}\`), for ${fmt(options.durationS / 60, 0)} minutes of wall clock (${samples.at(-1)?.cycles ?? 0} cycles). Private memory is \`/proc/PID/smaps_rollup\`'s Private_Clean + Private_Dirty, in MB, sampled every ${sampleEveryS} s; the curve shows one sample a minute.`,
  );
  out();
  out('| minute | cycles | sidecar | serve |');
  out('|---|---|---|---|');
  let nextMinute = 0;
  for (const sample of samples) {
    if (sample.seconds + 0.5 < nextMinute * 60 && sample !== samples.at(-1)) continue;
    out(`| ${fmt(sample.seconds / 60)} | ${sample.cycles} | ${fmt(sample.sidecar / MB)} | ${fmt(sample.serve / MB)} |`);
    nextMinute = Math.floor(sample.seconds / 60) + 1;
  }
  out();
  out(
    '| process | max | growth over the second half: last tenth less the middle | the same, from a line fitted through the half | target ≤ 60 MB | target growth < 2 MB (either way) |',
  );
  out('|---|---|---|---|---|---|');
  for (const [name, of] of [
    ['sidecar', (sample: FlatMemorySample) => sample.sidecar],
    ['serve', (sample: FlatMemorySample) => sample.serve],
  ] as const) {
    const max = Math.max(...samples.map(of));
    const growth = secondHalfGrowth(samples, of);
    const fitted = fittedSecondHalfGrowth(samples, of);
    const signed = (value: number) => `${value >= 0 ? '+' : ''}${fmt(value / MB, 2)} MB`;
    const growthVerdict = `${verdict(growth < SECOND_HALF_GROWTH_TARGET)} / ${verdict(fitted < SECOND_HALF_GROWTH_TARGET)}`;
    out(
      `| ${name} | ${fmt(max / MB)} MB | ${signed(growth)} | ${signed(fitted)} | ${verdict(max <= PRIVATE_TARGET)} | ${growthVerdict} |`,
    );
  }
}
