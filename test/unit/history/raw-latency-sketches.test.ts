import { describe, expect, it } from 'vitest';
import { type RawSketches, sketchLatencies, summarizeSketch } from '../../../src/history/latency-sketch.js';
import { type CycleLatencies, createRawLatencySketches } from '../../../src/history/raw-latency-sketches.js';
import { HOUR_MS } from '../../../src/time/time-units.js';

const HOUR = Date.parse('2026-11-28T10:00:00Z');

/** Recorded cycles in a sorted array, read as the history's SQLite statements read them: `[fromMs, toMs)`. */
function cycles() {
  const rows = new Map<number, CycleLatencies>();
  let reads = 0;
  const between = (fromMs: number, toMs: number) =>
    [...rows.keys()].filter((atMs) => atMs >= fromMs && atMs < toMs).sort((a, b) => a - b);
  return {
    record(atMs: number, ...latencies: number[]) {
      rows.set(
        atMs,
        latencies.map((latency, index) => ({ componentId: index + 1, latencies: [latency] })),
      );
    },
    reads: () => reads,
    reader: {
      countBetween: (fromMs: number, toMs: number) => between(fromMs, toMs).length,
      *latenciesBetween(fromMs: number, toMs: number) {
        for (const atMs of between(fromMs, toMs)) {
          reads += 1;
          yield { atMs, latencies: rows.get(atMs) ?? [] };
        }
      },
    },
    /** The sketch a fresh read of every cycle of `[fromMs, toMs)` gives, component 1. */
    fresh(fromMs: number, toMs: number) {
      return sketchLatencies(between(fromMs, toMs).map((atMs) => rows.get(atMs)?.[0]?.latencies[0] ?? 0));
    },
  };
}

/** The sketch of component `componentId` in the hour at `hourMs`, if there is one. */
const sketchAt = (sketches: RawSketches, hourMs: number, componentId: number) => sketches.get(hourMs)?.get(componentId);

const summaryOf = (sketches: RawSketches, hourMs: number) => {
  const sketch = sketchAt(sketches, hourMs, 1);
  return sketch === undefined ? undefined : summarizeSketch(sketch);
};

/** How many latencies of component `componentId` the sketch of the hour at `hourMs` holds. */
const countAt = (sketches: RawSketches, hourMs: number, componentId: number) =>
  sketchAt(sketches, hourMs, componentId)?.count;

describe('the raw hours sketched as their cycles arrive', () => {
  it('reads each cycle once over an hour of reads, and gives what a fresh read of the hour gives', () => {
    const store = cycles();
    const raw = createRawLatencySketches(store.reader);
    for (let second = 0; second < 600; second += 1) {
      store.record(HOUR + second * 1_000, 10 + (second % 50), 200);
      const nowMs = HOUR + second * 1_000;
      expect(summaryOf(raw.between(HOUR, nowMs + 1), HOUR)).toEqual(summarizeSketch(store.fresh(HOUR, nowMs + 1)));
    }
    // Before, every read re-read the hour: 180,300 cycles here, against 600.
    expect(store.reads()).toBe(600);
    expect(countAt(raw.between(HOUR, HOUR + 600_000), HOUR, 2)).toBe(600);
  });

  it('sketches an hour again when a cycle was recorded before the point it was read through (a clock stepped back)', () => {
    const store = cycles();
    const raw = createRawLatencySketches(store.reader);
    store.record(HOUR + 10_000, 10);
    store.record(HOUR + 20_000, 20);
    raw.between(HOUR, HOUR + 30_000);
    store.record(HOUR + 15_000, 5_000);
    const after = raw
      .between(HOUR, HOUR + 30_000)
      .get(HOUR)
      ?.get(1);
    expect(after?.count).toBe(3);
    expect(summarizeSketch(after ?? store.fresh(0, 0))).toEqual(summarizeSketch(store.fresh(HOUR, HOUR + 30_000)));
  });

  it('sketches an hour again when a cycle it read is replaced at the same time', () => {
    const store = cycles();
    const raw = createRawLatencySketches(store.reader);
    store.record(HOUR + 10_000, 10);
    raw.between(HOUR, HOUR + 30_000);
    store.record(HOUR + 10_000, 900);
    raw.recorded(HOUR + 10_000);
    expect(summaryOf(raw.between(HOUR, HOUR + 30_000), HOUR)?.p50Ms).toBe(
      summarizeSketch(store.fresh(HOUR, HOUR + 30_000))?.p50Ms,
    );
    expect(summaryOf(raw.between(HOUR, HOUR + 30_000), HOUR)?.p50Ms).toBeGreaterThan(800);
  });

  it('answers a shorter read of the same hour from what it kept when nothing lies beyond, and lets summarized hours go', () => {
    const store = cycles();
    const raw = createRawLatencySketches(store.reader);
    store.record(HOUR + 10_000, 10);
    store.record(HOUR + HOUR_MS + 10_000, 30);
    const whole = raw.between(HOUR, HOUR + 2 * HOUR_MS);
    expect([...whole.keys()]).toEqual([HOUR, HOUR + HOUR_MS]);
    const readsBefore = store.reads();
    expect(countAt(raw.between(HOUR, HOUR + 20_000), HOUR, 1)).toBe(1);
    expect(store.reads()).toBe(readsBefore);
    // The first hour is summarized: a read from the next one no longer holds it.
    expect([...raw.between(HOUR + HOUR_MS, HOUR + 2 * HOUR_MS).keys()]).toEqual([HOUR + HOUR_MS]);
  });
});
