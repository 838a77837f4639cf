import type Database from 'better-sqlite3';
import { DAY_MS } from '../time/time-units.js';
import type { MsRange } from './assemble-period-buckets.js';
import { decodeLatencySketch, encodeLatencySketch } from './encode-latency-sketch.js';
import {
  type ComponentLatency,
  type LatencySketch,
  type LatencySummary,
  mergeLatencySketches,
  type RawSketches,
  summarizeSketch,
} from './latency-sketch.js';
import { planLatencyReads } from './plan-latency-reads.js';

/** The history's latency sketches (tables `latency_hours` and `latency_days`, schema 4) over one database. */
export interface LatencySketchTables {
  /** Stores an hour's sketch of its raw latencies and merges it into its day. Inside the caller's transaction. */
  summarizeHour(hourMs: number, byComponent: ReadonlyMap<number, LatencySketch>): void;
  /** Deletes the oldest hour sketches before `hoursBeforeMs` and day sketches before `daysBeforeMs`, a bounded span a step. */
  deleteBefore(hoursBeforeMs: number, daysBeforeMs: number, spanMs: number): void;
  /**
   * Each component's hourly summaries for `hours` and daily summaries for the
   * days from `firstDayMs` to now, from the stored sketches before `latencyThroughMs`
   * and from `raw` (the hours after it, which the caller read).
   */
  readRecent(
    hours: MsRange,
    firstDayMs: number,
    latencyThroughMs: number | undefined,
    raw: RawSketches,
  ): Map<number, ComponentLatency>;
  /** Each component's sketch over the whole hours `[fromMs, toMs)` touches; `readRaw` reads the hours not summarized. */
  readPeriod(
    fromMs: number,
    toMs: number,
    latencyThroughMs: number | undefined,
    readRaw: (range: MsRange) => RawSketches,
  ): Map<number, LatencySketch>;
}

interface SketchRow {
  readonly at_ms: number;
  readonly component_id: number;
  readonly sketch: Buffer;
}

export function createLatencySketchTables(db: Database.Database): LatencySketchTables {
  const statements = {
    putHour: db.prepare<[number, number, Buffer]>(
      'INSERT OR REPLACE INTO latency_hours (hour_ms, component_id, sketch) VALUES (?, ?, ?)',
    ),
    getDay: db.prepare<[number, number], { sketch: Buffer }>(
      'SELECT sketch FROM latency_days WHERE day_ms = ? AND component_id = ?',
    ),
    putDay: db.prepare<[number, number, Buffer]>(
      'INSERT OR REPLACE INTO latency_days (day_ms, component_id, sketch) VALUES (?, ?, ?)',
    ),
    hoursBetween: db.prepare<[number, number], SketchRow>(
      'SELECT hour_ms AS at_ms, component_id, sketch FROM latency_hours WHERE hour_ms >= ? AND hour_ms < ?',
    ),
    daysBetween: db.prepare<[number, number], SketchRow>(
      'SELECT day_ms AS at_ms, component_id, sketch FROM latency_days WHERE day_ms >= ? AND day_ms < ?',
    ),
    deleteHours: db.prepare<[number, number]>(
      'DELETE FROM latency_hours WHERE hour_ms < ? AND hour_ms < (SELECT min(hour_ms) FROM latency_hours) + ?',
    ),
    deleteDays: db.prepare<[number, number]>(
      'DELETE FROM latency_days WHERE day_ms < ? AND day_ms < (SELECT min(day_ms) FROM latency_days) + ?',
    ),
  };

  // Hours summarized never change either: each one's summaries are read once, kept until the hour leaves the window.
  const settledHours = new Map<number, Map<number, LatencySummary>>();
  let hoursReadThroughMs = Number.NEGATIVE_INFINITY;

  function readSettledHours(fromMs: number, toMs: number): Map<number, Map<number, LatencySummary>> {
    for (const hourMs of settledHours.keys()) if (hourMs < fromMs) settledHours.delete(hourMs);
    const readFromMs = Math.max(fromMs, hoursReadThroughMs);
    if (toMs > readFromMs) {
      for (const row of statements.hoursBetween.iterate(readFromMs, toMs)) {
        const summary = summarizeSketch(decodeLatencySketch(row.sketch));
        if (summary !== null) mapOf(settledHours, row.at_ms).set(row.component_id, summary);
      }
      hoursReadThroughMs = toMs;
    }
    return settledHours;
  }

  // Days wholly summarized never change: their summaries are read once, kept by day and component.
  let settled: { fromMs: number; toMs: number; byDay: Map<number, Map<number, LatencySummary>> } | undefined;

  function readSettledDays(fromMs: number, toMs: number): Map<number, Map<number, LatencySummary>> {
    if (settled === undefined || settled.fromMs !== fromMs || settled.toMs !== toMs) {
      const byDay = new Map<number, Map<number, LatencySummary>>();
      for (const row of statements.daysBetween.iterate(fromMs, toMs)) {
        const summary = summarizeSketch(decodeLatencySketch(row.sketch));
        if (summary !== null) mapOf(byDay, row.at_ms).set(row.component_id, summary);
      }
      settled = { fromMs, toMs, byDay };
    }
    return settled.byDay;
  }

  return {
    summarizeHour(hourMs, byComponent) {
      const dayMs = Math.floor(hourMs / DAY_MS) * DAY_MS;
      for (const [componentId, hourSketch] of byComponent) {
        if (hourSketch.count === 0) continue;
        // A sketch of its own: the one given is the raw hours' (and merging into it would change it).
        const sketch = mergeLatencySketches([hourSketch]);
        statements.putHour.run(hourMs, componentId, encodeLatencySketch(sketch));
        const day = statements.getDay.get(dayMs, componentId);
        if (day !== undefined) sketch.merge(decodeLatencySketch(day.sketch));
        statements.putDay.run(dayMs, componentId, encodeLatencySketch(sketch));
      }
    },
    deleteBefore(hoursBeforeMs, daysBeforeMs, spanMs) {
      statements.deleteHours.run(hoursBeforeMs, spanMs);
      statements.deleteDays.run(daysBeforeMs, Math.max(DAY_MS, spanMs));
    },
    readRecent(hours, firstDayMs, latencyThroughMs, raw) {
      const byComponent = new Map<number, { hours: Map<number, LatencySummary>; days: Map<number, LatencySummary> }>();
      const of = (componentId: number) => {
        let entry = byComponent.get(componentId);
        if (entry === undefined) {
          entry = { hours: new Map(), days: new Map() };
          byComponent.set(componentId, entry);
        }
        return entry;
      };
      const throughMs = latencyThroughMs ?? Number.NEGATIVE_INFINITY;
      for (const [hourMs, summaries] of readSettledHours(hours.fromMs, Math.min(hours.toMs, throughMs))) {
        if (hourMs >= hours.toMs || hourMs >= throughMs) continue;
        for (const [componentId, summary] of summaries) of(componentId).hours.set(hourMs, summary);
      }
      // A day's sketch misses its hours from the mark on: they are merged in from the raw cycles.
      const openDayMs = Number.isFinite(throughMs) ? Math.floor(throughMs / DAY_MS) * DAY_MS : firstDayMs;
      const settledToMs = Math.max(firstDayMs, openDayMs);
      for (const [dayMs, summaries] of readSettledDays(firstDayMs, settledToMs)) {
        for (const [componentId, summary] of summaries) of(componentId).days.set(dayMs, summary);
      }
      const open = new Map<number, Map<number, LatencySketch[]>>();
      for (const row of statements.daysBetween.iterate(settledToMs, Number.MAX_SAFE_INTEGER)) {
        mapOf(open, row.at_ms).set(row.component_id, [decodeLatencySketch(row.sketch)]);
      }
      for (const [hourMs, latencies] of raw) {
        const dayMs = Math.floor(hourMs / DAY_MS) * DAY_MS;
        for (const [componentId, sketch] of latencies) {
          if (sketch.count === 0) continue;
          if (hourMs >= hours.fromMs && hourMs < hours.toMs) {
            const summary = summarizeSketch(sketch);
            if (summary !== null) of(componentId).hours.set(hourMs, summary);
          }
          if (dayMs < settledToMs) continue;
          const day = mapOf(open, dayMs);
          const sketches = day.get(componentId);
          if (sketches === undefined) day.set(componentId, [sketch]);
          else sketches.push(sketch);
        }
      }
      for (const [dayMs, components] of open) {
        for (const [componentId, sketches] of components) {
          const summary = summarizeSketch(mergeLatencySketches(sketches));
          if (summary !== null) of(componentId).days.set(dayMs, summary);
        }
      }
      return byComponent;
    },
    readPeriod(fromMs, toMs, latencyThroughMs, readRaw) {
      const reads = planLatencyReads(fromMs, toMs, latencyThroughMs);
      const merged = new Map<number, LatencySketch>();
      const add = (componentId: number, sketch: LatencySketch) => {
        const into = merged.get(componentId);
        if (into === undefined) merged.set(componentId, sketch);
        else into.merge(sketch);
      };
      for (const row of statements.daysBetween.iterate(reads.days.fromMs, reads.days.toMs)) {
        add(row.component_id, decodeLatencySketch(row.sketch));
      }
      for (const hours of reads.hours) {
        for (const row of statements.hoursBetween.iterate(hours.fromMs, hours.toMs)) {
          add(row.component_id, decodeLatencySketch(row.sketch));
        }
      }
      for (const latencies of readRaw(reads.raw).values()) {
        // Copied: `add` merges into the first sketch it is given.
        for (const [componentId, sketch] of latencies)
          if (sketch.count > 0) add(componentId, mergeLatencySketches([sketch]));
      }
      return merged;
    },
  };
}

function mapOf<K, V>(outer: Map<number, Map<K, V>>, key: number): Map<K, V> {
  let inner = outer.get(key);
  if (inner === undefined) {
    inner = new Map();
    outer.set(key, inner);
  }
  return inner;
}
