import { describe, expect, it } from 'vitest';
import { decodeLatencySketch, encodeLatencySketch } from '../../../src/history/encode-latency-sketch.js';
import {
  createLatencySketch,
  mergeLatencySketches,
  SKETCH_RELATIVE_ACCURACY,
  sketchLatencies,
  summarizeSketch,
} from '../../../src/history/latency-sketch.js';
import { planLatencyReads } from '../../../src/history/plan-latency-reads.js';
import { DAY_MS, HOUR_MS } from '../../../src/time/time-units.js';

/** The exact percentile as the sketch defines it: the sample of rank q × (n − 1), rounded down. */
function exactPercentile(samples: readonly number[], quantile: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(quantile * (sorted.length - 1))] as number;
}

/** Within the sketch's stated accuracy of `exact`, and the half ms that rounding to whole ms adds. */
function expectWithinAccuracy(published: number, exact: number): void {
  expect(Math.abs(published - exact)).toBeLessThanOrEqual(exact * SKETCH_RELATIVE_ACCURACY + 0.5);
}

/** A seeded generator, so that every run draws the same samples. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Fixed delays (8 ms and 35 ms) with a Pareto long tail (α = 1.2 from 40 ms, capped at a minute). */
function drawLatencies(count: number, random: () => number): number[] {
  return Array.from({ length: count }, () => {
    const pick = random();
    if (pick < 0.6) return 8;
    if (pick < 0.9) return 35;
    return Math.min(60_000, Math.round(40 / (1 - random()) ** (1 / 1.2)));
  });
}

describe('a latency sketch: DDSketch at 1 %', () => {
  it.each([
    ['fixed delays and a long tail', drawLatencies(2_880, seeded(7))],
    ['uniform 10 to 49 ms', Array.from({ length: 2_880 }, (_, index) => 10 + (index % 40))],
    ['one value', [123]],
    ['zeros among them', [0, 0, 0, 5, 9, 400]],
  ])('gives p50, p95 and p99 within 1 %% of the exact ones: %s', (_, samples) => {
    const summary = summarizeSketch(sketchLatencies(samples));
    expectWithinAccuracy(summary?.p50Ms ?? Number.NaN, exactPercentile(samples, 0.5));
    expectWithinAccuracy(summary?.p95Ms ?? Number.NaN, exactPercentile(samples, 0.95));
    expectWithinAccuracy(summary?.p99Ms ?? Number.NaN, exactPercentile(samples, 0.99));
  });

  it('gives percentiles of 30 merged days within 1 % of the exact ones over all their samples', () => {
    const random = seeded(11);
    const days = Array.from({ length: 30 }, (_, day) => drawLatencies(2_880, random).map((ms) => ms + (day % 5)));
    const merged = mergeLatencySketches(
      days.map((samples) => decodeLatencySketch(encodeLatencySketch(sketchLatencies(samples)))),
    );
    const all = days.flat();
    const summary = summarizeSketch(merged);
    expect(merged.count).toBe(all.length);
    expectWithinAccuracy(summary?.p50Ms ?? Number.NaN, exactPercentile(all, 0.5));
    expectWithinAccuracy(summary?.p95Ms ?? Number.NaN, exactPercentile(all, 0.95));
    expectWithinAccuracy(summary?.p99Ms ?? Number.NaN, exactPercentile(all, 0.99));
  });

  it('has no percentiles when empty', () => {
    expect(summarizeSketch(createLatencySketch())).toBeNull();
    expect(summarizeSketch(mergeLatencySketches([]))).toBeNull();
  });
});

describe('encodeLatencySketch: the bytes the history stores', () => {
  it('round-trips: the decoded sketch gives the same percentiles and count', () => {
    const sketch = sketchLatencies([0, 1, 2, 3, 50, 51, 999, 65_535, ...drawLatencies(500, seeded(3))]);
    const decoded = decodeLatencySketch(encodeLatencySketch(sketch));
    expect(decoded.count).toBe(sketch.count);
    expect(decoded.zeroCount).toBe(1);
    expect(summarizeSketch(decoded)).toEqual(summarizeSketch(sketch));
  });

  it('keeps a component-day within 2 KB, even with every whole ms up to 65,535 and 2 million checks', () => {
    const sketch = createLatencySketch();
    for (let ms = 0; ms <= 65_535; ms += 1) sketch.accept(ms, 30);
    expect(encodeLatencySketch(sketch).length).toBeLessThanOrEqual(2_048);
  });

  it('keeps a day of checks every 30 s from a long-tailed target to a few hundred bytes', () => {
    expect(encodeLatencySketch(sketchLatencies(drawLatencies(2_880, seeded(5)))).length).toBeLessThan(400);
  });

  it('round-trips runs of adjacent bins and the gaps between them', () => {
    const sketch = sketchLatencies([1, 1, 2, 4, 100, 101, 102, 103, 104, 5_000, 5_001]);
    const bytes = encodeLatencySketch(sketch);
    const decoded = decodeLatencySketch(bytes);
    expect(decoded.store.bins.filter((count) => count > 0)).toEqual(sketch.store.bins.filter((count) => count > 0));
    expect(encodeLatencySketch(decoded)).toEqual(bytes);
  });

  it.each([
    ['no bytes', []],
    ['an unknown format', [9, 0, 0]],
    ['a truncated run', [1, 0, 1, 10, 2, 5]],
    ['an empty bin', [1, 0, 1, 10, 1, 0]],
    ['an empty run', [1, 0, 1, 10, 0]],
    ['runs that touch', [1, 0, 2, 10, 1, 5, 1, 1, 5]],
    ['bytes after the last bin', [1, 0, 0, 7]],
  ])('refuses %s', (_, bytes) => {
    expect(() => decodeLatencySketch(Uint8Array.from(bytes))).toThrow(RangeError);
  });
});

describe('planLatencyReads: each hour a period touches, from one layer', () => {
  const DAY = Date.parse('2026-11-01T00:00:00Z');

  it.each<[string, number, number, number | undefined, object]>([
    [
      'three whole days, all summarized: the day sketches only',
      DAY,
      DAY + 3 * DAY_MS,
      DAY + 5 * DAY_MS,
      {
        days: { fromMs: DAY, toMs: DAY + 3 * DAY_MS },
        hours: [],
        raw: { fromMs: DAY + 3 * DAY_MS, toMs: DAY + 3 * DAY_MS },
      },
    ],
    [
      'a month to now, summarized to 10:00: whole days, today from its sketch and the raw hours after the mark',
      DAY,
      DAY + 3 * DAY_MS + 10 * HOUR_MS + 5 * 60_000,
      DAY + 3 * DAY_MS + 10 * HOUR_MS,
      {
        days: { fromMs: DAY, toMs: DAY + 3 * DAY_MS },
        hours: [{ fromMs: DAY + 3 * DAY_MS, toMs: DAY + 3 * DAY_MS + 10 * HOUR_MS }],
        raw: { fromMs: DAY + 3 * DAY_MS + 10 * HOUR_MS, toMs: DAY + 3 * DAY_MS + 11 * HOUR_MS },
      },
    ],
    [
      'from noon: the afternoon by hours, then whole days',
      DAY + 12 * HOUR_MS,
      DAY + 2 * DAY_MS,
      DAY + 5 * DAY_MS,
      {
        days: { fromMs: DAY + DAY_MS, toMs: DAY + 2 * DAY_MS },
        hours: [{ fromMs: DAY + 12 * HOUR_MS, toMs: DAY + DAY_MS }],
        raw: { fromMs: DAY + 2 * DAY_MS, toMs: DAY + 2 * DAY_MS },
      },
    ],
    [
      'nothing summarized yet: all raw',
      DAY,
      DAY + 2 * HOUR_MS,
      undefined,
      { days: { fromMs: DAY, toMs: DAY }, hours: [], raw: { fromMs: DAY, toMs: DAY + 2 * HOUR_MS } },
    ],
  ])('%s', (_, fromMs, toMs, markMs, expected) => {
    expect(planLatencyReads(fromMs, toMs, markMs)).toEqual(expected);
  });
});
