import type { StatusValue } from '../schemas/status-value.js';
import { DAY_MS, HOUR_MS } from '../time/time-units.js';
import type { PeriodBuckets } from './history-store.js';
import type { ComponentLatency, LatencySummary } from './latency-sketch.js';
import { coveredMs, hourStartMs, type StateMs, stateMsOf, type TimeBucket } from './state-time.js';

/** The cycle whose span is still open: it stands for the time until the next cycle. */
export interface OpenCycle {
  readonly atMs: number;
  readonly intervalMs: number;
  readonly published: ReadonlyMap<number, StatusValue>;
}

/** One component's time per state over an hour or a day, as the store's rows hold it. */
export interface StateRow {
  readonly component_id: number;
  readonly operational_ms: number;
  readonly maintenance_ms: number;
  readonly degraded_ms: number;
  readonly partial_ms: number;
  readonly major_ms: number;
}
export interface DailyRow extends StateRow {
  readonly day_ms: number;
}
/** An hour's row of time per state. */
export interface HourlyRow extends StateRow {
  readonly hour_ms: number;
}

/** Rows to read, by their start: `[fromMs, toMs)`. */
export interface MsRange {
  readonly fromMs: number;
  readonly toMs: number;
}

/** Which rows a period `[fromMs, toMs)` read at `nowMs` needs, and where each layer takes over. */
export interface PeriodReads {
  readonly fromMs: number;
  readonly nowMs: number;
  /** Days rolled up: before the `daily_through` mark. */
  readonly days: MsRange;
  /** Hourly rows: time per state from the `daily_through` mark. */
  readonly hours: MsRange;
  /** Raw cycles of the hours whose latency is not summarized yet (the current one, usually). */
  readonly raw: MsRange;
  /** The first hour that counts as time rather than as part of a rolled-up day. */
  readonly dailyThroughMs: number;
  /** The first hour whose latency is shown. */
  readonly latencyFromMs: number;
}

/** Decides the reads for a period from the roll-up marks (`undefined` where the store has none yet). */
export function planPeriodReads(
  fromMs: number,
  toMs: number,
  nowMs: number,
  marks: { readonly dailyThroughMs: number | undefined; readonly latencyThroughMs: number | undefined },
): PeriodReads {
  const dailyThroughMs = marks.dailyThroughMs ?? Number.POSITIVE_INFINITY;
  const fromDayMs = Math.floor(fromMs / DAY_MS) * DAY_MS;
  const latencyFromMs = hourStartMs(nowMs) - 23 * HOUR_MS;
  const hourlyFromMs = Math.min(Math.max(hourStartMs(fromMs), dailyThroughMs), latencyFromMs);
  const rawFromMs = Math.max(latencyFromMs, marks.latencyThroughMs ?? latencyFromMs);
  return {
    fromMs,
    nowMs,
    days: { fromMs: fromDayMs, toMs: Math.min(toMs, dailyThroughMs) },
    hours: { fromMs: hourlyFromMs, toMs },
    raw: { fromMs: rawFromMs, toMs: nowMs + 1 },
    dailyThroughMs,
    latencyFromMs,
  };
}

/** Rolled-up days as time buckets, by component id. */
export function groupDays(rows: Iterable<DailyRow>): Map<number, TimeBucket[]> {
  const byId = new Map<number, TimeBucket[]>();
  for (const row of rows) {
    const bucket = { startMs: row.day_ms, lengthMs: DAY_MS, ms: stateRowMs(row) };
    const list = byId.get(row.component_id);
    if (list === undefined) byId.set(row.component_id, [bucket]);
    else list.push(bucket);
  }
  return byId;
}

/** What the store read for a period, as `planPeriodReads` asked. */
export interface PeriodRows {
  /** Every component the history knows, its id by name. */
  readonly ids: ReadonlyMap<string, number>;
  /** The days from `groupDays`. */
  readonly days: ReadonlyMap<number, readonly TimeBucket[]>;
  readonly hours: Iterable<HourlyRow>;
  /** Latency per hour and per day from the sketches, by component id. */
  readonly latency: ReadonlyMap<number, ComponentLatency>;
  readonly open: OpenCycle | null;
}

/**
 * A period's buckets per component, in the order of their ids: rolled-up days,
 * then hours after them, then the open cycle's span up to now; with the
 * latency per hour and per day as read.
 */
export function assemblePeriodBuckets(reads: PeriodReads, rows: PeriodRows): PeriodBuckets {
  const { nowMs, dailyThroughMs } = reads;
  const byId = new Map<number, TimeBucket[]>();
  const add = (componentId: number, bucket: TimeBucket) => {
    const list = byId.get(componentId);
    if (list === undefined) byId.set(componentId, [bucket]);
    else list.push(bucket);
  };
  for (const [componentId, buckets] of rows.days) {
    for (const bucket of buckets) add(componentId, bucket);
  }
  const periodHourMs = hourStartMs(reads.fromMs);
  for (const row of rows.hours) {
    if (row.hour_ms >= dailyThroughMs && row.hour_ms >= periodHourMs) {
      // The current hour's time all lies before now: spreading it over the whole hour would misplace it.
      const lengthMs = Math.max(1, Math.min(HOUR_MS, nowMs - row.hour_ms));
      add(row.component_id, { startMs: row.hour_ms, lengthMs, ms: stateRowMs(row) });
    }
  }
  const open = rows.open;
  if (open !== null) {
    const span = coveredMs(open.atMs, nowMs, open.intervalMs);
    if (span > 0) {
      for (const [componentId, status] of open.published) {
        add(componentId, { startMs: open.atMs, lengthMs: span, ms: stateMsOf(status, span) });
      }
    }
  }
  const names = new Map([...rows.ids].map(([name, id]) => [id, name]));
  const components = [...names.keys()]
    .sort((a, b) => a - b)
    .map((id) => ({
      name: names.get(id) as string,
      buckets: byId.get(id) ?? [],
      latency: rows.latency.get(id)?.hours ?? new Map<number, LatencySummary>(),
      dayLatency: rows.latency.get(id)?.days ?? new Map<number, LatencySummary>(),
    }));
  return { components };
}

function stateRowMs(row: StateRow): StateMs {
  return [row.operational_ms, row.maintenance_ms, row.degraded_ms, row.partial_ms, row.major_ms];
}
