import type { CheckRecord } from './cycle-record.js';

/** Latency over a set of checks: the median, the 95th percentile and the maximum, in ms. */
export interface LatencySummary {
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
}

/** Only checks that got an answer have a latency worth reporting: a timeout's is its timeout. */
export function answeredLatencies(checks: readonly CheckRecord[]): number[] {
  return checks.flatMap((check) => (check.httpStatus === null ? [] : [check.latencyMs]));
}

/** Nearest-rank percentiles of `latenciesMs`; `null` for none. Sorts its argument. */
export function summarizeLatency(latenciesMs: number[]): LatencySummary | null {
  if (latenciesMs.length === 0) return null;
  latenciesMs.sort((a, b) => a - b);
  return {
    p50Ms: nearestRank(latenciesMs, 0.5),
    p95Ms: nearestRank(latenciesMs, 0.95),
    maxMs: latenciesMs[latenciesMs.length - 1] as number,
  };
}

function nearestRank(sorted: readonly number[], fraction: number): number {
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] as number;
}
