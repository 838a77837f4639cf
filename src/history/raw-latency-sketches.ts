import { HOUR_MS } from '../time/time-units.js';
import { createLatencySketch, type LatencySketch, type RawSketches } from './latency-sketch.js';
import { hourStartMs } from './state-time.js';

/** One published cycle's answered latencies, by component id. */
export type CycleLatencies = readonly { readonly componentId: number; readonly latencies: readonly number[] }[];

/** How the sketches read the raw cycles: a count, and the cycles themselves, over `[fromMs, toMs)`. */
export interface RawCycleReader {
  countBetween(fromMs: number, toMs: number): number;
  latenciesBetween(
    fromMs: number,
    toMs: number,
  ): Iterable<{ readonly atMs: number; readonly latencies: CycleLatencies }>;
}

/** The raw hours' latencies, sketched: any range `[fromMs, toMs)` of them, by hour then component. */
export interface RawLatencySketches {
  /** The sketches of `[fromMs, toMs)`; the caller must not change them (merge them into a sketch of its own). */
  between(fromMs: number, toMs: number): RawSketches;
  /** A cycle was recorded at `atMs` (or replaced one there): an hour sketched past it is sketched again. */
  recorded(atMs: number): void;
}

interface HourSketches {
  readonly fromMs: number;
  /** The cycles folded in, all of `[fromMs, throughMs)`. */
  rows: number;
  throughMs: number;
  readonly byComponent: Map<number, LatencySketch>;
}

/**
 * Sketches of the hours not yet summarized, kept from one read to the next
 * and grown by the cycles recorded since: a read costs the new cycles, not
 * the hour's (re-reading and re-sketching each cycle of an hour at every
 * cycle, as before, cost up to 3,600 cycles' latencies a read on a one-second
 * schedule, and the latencies kept decoded between reads grew until the hour
 * was summarized). The cycles are immutable once recorded; a count tells
 * whether any was added before the point a sketch was folded through (a
 * clock stepped back), and then that hour is sketched again.
 */
export function createRawLatencySketches(reader: RawCycleReader): RawLatencySketches {
  const byHour = new Map<number, HourSketches>();

  function hourSketches(fromMs: number, toMs: number): HourSketches {
    const hourMs = hourStartMs(fromMs);
    let kept = byHour.get(hourMs);
    // Kept as it is if no cycle came before the point it was folded through, nor, for a shorter read, after its end.
    const reusable =
      kept !== undefined &&
      kept.fromMs === fromMs &&
      reader.countBetween(fromMs, kept.throughMs) === kept.rows &&
      (kept.throughMs <= toMs || reader.countBetween(toMs, kept.throughMs) === 0);
    if (kept === undefined || !reusable) {
      kept = { fromMs, rows: 0, throughMs: fromMs, byComponent: new Map() };
      byHour.set(hourMs, kept);
    }
    if (toMs <= kept.throughMs) return kept;
    for (const cycle of reader.latenciesBetween(kept.throughMs, toMs)) {
      kept.rows += 1;
      for (const { componentId, latencies } of cycle.latencies) {
        if (latencies.length === 0) continue;
        let sketch = kept.byComponent.get(componentId);
        if (sketch === undefined) {
          sketch = createLatencySketch();
          kept.byComponent.set(componentId, sketch);
        }
        for (const latencyMs of latencies) sketch.accept(latencyMs);
      }
    }
    kept.throughMs = toMs;
    return kept;
  }

  return {
    between(fromMs, toMs) {
      // Hours before the range are summarized now (or out of the window): their sketches are let go.
      for (const hourMs of byHour.keys()) if (hourMs < hourStartMs(fromMs)) byHour.delete(hourMs);
      const sketches = new Map<number, ReadonlyMap<number, LatencySketch>>();
      for (let startMs = fromMs; startMs < toMs; startMs = hourStartMs(startMs) + HOUR_MS) {
        const hour = hourSketches(startMs, Math.min(toMs, hourStartMs(startMs) + HOUR_MS));
        if (hour.byComponent.size > 0) sketches.set(hourStartMs(startMs), hour.byComponent);
      }
      return sketches;
    },
    recorded(atMs) {
      const hourMs = hourStartMs(atMs);
      const kept = byHour.get(hourMs);
      if (kept !== undefined && atMs < kept.throughMs) byHour.delete(hourMs);
    },
  };
}
