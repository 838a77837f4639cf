import { DDSketch } from '@datadog/sketches-js';

/**
 * The sketches' relative accuracy: a percentile read from a sketch is within
 * 1 % of the exact percentile of the same checks (before rounding to whole ms).
 */
export const SKETCH_RELATIVE_ACCURACY = 0.01;

/** Latency percentiles over a set of checks, in whole ms (from a sketch: within 1 % and half a ms of the exact ones). */
export interface LatencySummary {
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
}

/** One component's published latency: per hour (the last 24) and per UTC day (the last 90), from sketches. */
export interface ComponentLatency {
  readonly hours: ReadonlyMap<number, LatencySummary>;
  readonly days: ReadonlyMap<number, LatencySummary>;
}

/** The raw cycles' answered latencies sketched, by the start of their hour, then by component id. */
export type RawSketches = ReadonlyMap<number, ReadonlyMap<number, LatencySketch>>;

/**
 * A mergeable quantile sketch of check latencies (DDSketch at 1 %). Any
 * window's percentiles (an hour, a day, a month) come from merging the
 * sketches of its parts: a p95 of p95s is not a p95, a merged sketch's is.
 */
export type LatencySketch = DDSketch;

/** An empty sketch, at the accuracy every stored sketch has (so that all of them merge). */
export function createLatencySketch(): LatencySketch {
  return new DDSketch({ relativeAccuracy: SKETCH_RELATIVE_ACCURACY });
}

/** A sketch of `latenciesMs`. */
export function sketchLatencies(latenciesMs: Iterable<number>): LatencySketch {
  const sketch = createLatencySketch();
  for (const latencyMs of latenciesMs) sketch.accept(latencyMs);
  return sketch;
}

/** Merges every sketch of `sketches` into a new one; none gives an empty sketch. */
export function mergeLatencySketches(sketches: Iterable<LatencySketch>): LatencySketch {
  const merged = createLatencySketch();
  for (const sketch of sketches) merged.merge(sketch);
  return merged;
}

/**
 * p50, p95 and p99 of a sketch, rounded to whole ms; `null` for an empty one.
 * A percentile is the sample of rank `q × (n − 1)` (rounded down), as the
 * sketch defines it, within its relative accuracy.
 */
export function summarizeSketch(sketch: LatencySketch): LatencySummary | null {
  if (sketch.count === 0) return null;
  const at = (quantile: number) => Math.round(sketch.getValueAtQuantile(quantile));
  return { p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99) };
}
