import type { ComponentGroups } from '../schemas/component-groups.js';
import type { ComponentHistoryDocument } from '../schemas/component-history.js';
import { formatTimestamp } from '../schemas/service-status.js';
import { STATUS_VALUES } from '../schemas/status-value.js';
import {
  type ComponentUptime,
  type ComponentUptimeSummary,
  UPTIME_DAYS,
  type UptimeDay,
  type UptimeDocument,
} from '../schemas/uptime.js';
import { assignSlugs } from '../slugs/assign-slugs.js';
import { DAY_MS, HOUR_MS } from '../time/time-units.js';
import { computeUptime } from './compute-uptime.js';
import type { LatencySummary } from './latency-sketch.js';
import {
  addInto,
  hourStartMs,
  type StateMs,
  sumOverPeriod,
  type TimeBucket,
  totalMs,
  worstStateIn,
} from './state-time.js';

export { UPTIME_DAYS };
/** Hours in the detail documents' latency history, the current one included. */
export const LATENCY_HOURS = 24;

const WINDOWS_MS = { last_24h: DAY_MS, last_7d: 7 * DAY_MS, last_30d: 30 * DAY_MS, last_90d: 90 * DAY_MS } as const;

/** One component's history as the renderer needs it. */
export interface ComponentHistory {
  readonly name: string;
  /** Time per state, in buckets that do not overlap: rolled-up days, hours, the last cycle's span. */
  readonly buckets: readonly TimeBucket[];
  /** Latency by the start of the hour, for the last 24 hours, from the sketches. */
  readonly latency: ReadonlyMap<number, LatencySummary>;
  /** Latency by the start of the UTC day, for the last 90 days (today so far), from the sketches. */
  readonly dayLatency: ReadonlyMap<number, LatencySummary>;
}

export interface UptimeInput {
  readonly regionName: string;
  readonly now: Date;
  readonly intervalMs: number;
  /** In the configured order. */
  readonly components: readonly ComponentHistory[];
  /** Which components' detail documents `details` gives; left out, every one's. */
  readonly detailsOf?: ((name: string) => boolean) | undefined;
  /**
   * Each component's group (`groupsOf` the config, as Statuspage's documents
   * take them): the summary names it, so the page needs no other document for them.
   */
  readonly groups?: ComponentGroups | undefined;
}

/** A day entry and the figures it was rendered from, shared by every component and render with those figures. */
interface DaySlot {
  readonly dayMs: number;
  readonly periodMs: number;
  readonly time: StateMs;
  readonly latency: LatencySummary | undefined;
  readonly day: UptimeDay;
}

/**
 * Day entries kept from one render to the next: 90 days of 1,000 components
 * are 90,000 entries, nearly all the same as last cycle's, and most the
 * same as another component's. A day is found by comparing its numbers with
 * those of the slot the component took last render (`byComponent`), then
 * with those of the slot the component before it took (`lastTaken`: a first
 * render, which every `--once` run is, meets mostly days it has just seen);
 * `byValue` shares one slot between components (and days that changed back)
 * by a key made of those numbers, which costs more to build (400 MB of
 * strings in a first render at 10,000 components). A component holds only
 * references to shared slots: a slot of its own per day was 12 KB a
 * component (120 MB at 10,000).
 */
export interface DayEntries {
  readonly byValue: Map<string, DaySlot>;
  readonly byComponent: Map<string, DaySlot[]>;
  /** The slot last taken at each day's index, by any component. */
  readonly lastTaken: DaySlot[];
}

export function createDayEntries(): DayEntries {
  return { byValue: new Map(), byComponent: new Map(), lastTaken: [] };
}

/** Entries kept at most; past it the map starts again, which costs one slower render. */
const DAY_ENTRIES_MAX = 200_000;

/** The uptime summary and one detail document per component, in the configured order. */
export interface UptimeDocuments {
  readonly summary: UptimeDocument;
  /**
   * Each detail document (each of `detailsOf`), made only as the iteration
   * reaches it, so that they are never all held at once; it may be iterated again.
   */
  readonly details: Iterable<ComponentHistoryDocument>;
}

/**
 * The `/api/v1/uptime` summary and each component's
 * `/api/v1/component-history/{slug}.json`, from the same figures and days.
 * `days`, when given, memoizes day entries: an entry is a function of its
 * values, so the result is the same with or without it.
 */
export function renderUptime(
  { regionName, now, intervalMs, components, detailsOf, groups }: UptimeInput,
  days: DayEntries = createDayEntries(),
): UptimeDocuments {
  const nowMs = now.getTime();
  if (days.byValue.size > DAY_ENTRIES_MAX) days.byValue.clear();
  const currentHourMs = hourStartMs(nowMs);
  const hours = Array.from(
    { length: LATENCY_HOURS },
    (_, index) => currentHourMs - (LATENCY_HOURS - 1 - index) * HOUR_MS,
  );
  const hourLabels = hours.map((hourMs) => formatTimestamp(new Date(hourMs)));
  const firstDayMs = Math.floor(nowMs / DAY_MS) * DAY_MS - (UPTIME_DAYS - 1) * DAY_MS;
  const header = {
    version: 'v1',
    region: regionName,
    generated_at: formatTimestamp(now),
    interval_seconds: Math.max(1, Math.round(intervalMs / 1000)),
  } as const;
  const slugs = assignSlugs(components.map(({ name }) => name));
  const summaries: ComponentUptimeSummary[] = [];
  const detailed: (Omit<ComponentUptime, 'latency'> & { slug: string; latency: ComponentHistory['latency'] })[] = [];
  for (const component of components) {
    const slug = slugs.get(component.name) ?? '';
    const { full, downSeconds } = renderComponent(component, nowMs, firstDayMs, days);
    const group = groups?.get(component.name);
    summaries.push({
      name: full.name,
      slug,
      ...(group === undefined ? {} : { group }),
      uptime: full.uptime,
      // What the card shows beside the state, from the document the first visit already reads.
      today_p95_ms: full.days.at(-1)?.p95_ms ?? null,
      days: {
        uptime_percent: full.days.map((day) => day.uptime_percent),
        worst_status: full.days.map((day) => day.worst_status),
        down_seconds: downSeconds,
      },
    });
    if (detailsOf?.(component.name) ?? true) detailed.push({ ...full, slug, latency: component.latency });
  }
  return {
    summary: { ...header, first_day: formatDate(firstDayMs), components: summaries },
    details: {
      *[Symbol.iterator]() {
        for (const { name, slug, uptime, days: entries, latency } of detailed) {
          const hourly = hours.map((hourMs, index) => {
            const summary = latency.get(hourMs);
            return {
              hour: hourLabels[index] ?? '',
              p50_ms: summary?.p50Ms ?? null,
              p95_ms: summary?.p95Ms ?? null,
              p99_ms: summary?.p99Ms ?? null,
            };
          });
          yield { ...header, name, slug, uptime, days: entries, latency: hourly };
        }
      },
    },
  };
}

function renderComponent(
  { name, buckets, dayLatency }: ComponentHistory,
  nowMs: number,
  firstDayMs: number,
  days: DayEntries,
): { full: Omit<ComponentUptime, 'latency'>; downSeconds: number[] } {
  const figure = (periodMs: number) => computeUptime(sumOverPeriod(buckets, nowMs - periodMs, nowMs), periodMs);
  const byDay = sumByDay(buckets, firstDayMs, UPTIME_DAYS, nowMs);
  let slots = days.byComponent.get(name);
  if (slots === undefined) {
    slots = [];
    days.byComponent.set(name, slots);
  }
  const last = slots;
  const full: Omit<ComponentUptime, 'latency'> = {
    name,
    uptime: {
      last_24h: figure(WINDOWS_MS.last_24h),
      last_7d: figure(WINDOWS_MS.last_7d),
      last_30d: figure(WINDOWS_MS.last_30d),
      last_90d: figure(WINDOWS_MS.last_90d),
    },
    days: byDay.map((time, index) => {
      const dayMs = firstDayMs + index * DAY_MS;
      const periodMs = Math.min(DAY_MS, nowMs - dayMs);
      const latency = dayLatency.get(dayMs);
      const own = last[index];
      if (own !== undefined && holds(own, dayMs, periodMs, time, latency)) return own.day;
      let shared = days.lastTaken[index];
      if (shared === undefined || !holds(shared, dayMs, periodMs, time, latency)) {
        shared = sharedSlot(days, dayMs, periodMs, time, latency);
      }
      last[index] = shared;
      days.lastTaken[index] = shared;
      return shared.day;
    }),
  };
  return { full, downSeconds: byDay.map(outageSeconds) };
}

/**
 * The slot for a day of these figures, shared by value between components
 * when the day is over. Today's figures change at every cycle, so an entry
 * kept for them would never be met again: it is made, not kept (kept, they
 * added an entry per component per cycle until the map's cap, the sidecar's
 * memory growing by tens of megabytes an hour on a one-second schedule).
 */
function sharedSlot(
  days: DayEntries,
  dayMs: number,
  periodMs: number,
  time: StateMs,
  latency: LatencySummary | undefined,
): DaySlot {
  const make = (): DaySlot => ({ dayMs, periodMs, time, latency, day: renderDay(dayMs, time, periodMs, latency) });
  if (periodMs < DAY_MS) return make();
  const key = `${dayMs} ${time[0]} ${time[1]} ${time[2]} ${time[3]} ${time[4]} ${latency?.p50Ms} ${latency?.p95Ms} ${latency?.p99Ms}`;
  let slot = days.byValue.get(key);
  if (slot === undefined) {
    slot = make();
    days.byValue.set(key, slot);
  }
  return slot;
}

/** Whether `slot` was rendered from these figures. */
function holds(
  slot: DaySlot,
  dayMs: number,
  periodMs: number,
  time: StateMs,
  latency: LatencySummary | undefined,
): boolean {
  const had = slot.time;
  return (
    slot.latency?.p50Ms === latency?.p50Ms &&
    slot.latency?.p95Ms === latency?.p95Ms &&
    slot.latency?.p99Ms === latency?.p99Ms &&
    slot.dayMs === dayMs &&
    slot.periodMs === periodMs &&
    had[0] === time[0] &&
    had[1] === time[1] &&
    had[2] === time[2] &&
    had[3] === time[3] &&
    had[4] === time[4]
  );
}

/** Whole seconds published `partial_outage` or `major_outage`: what a page words as "23 s down". */
export function outageSeconds(time: StateMs): number {
  return Math.round(
    ((time[STATUS_VALUES.indexOf('partial_outage')] ?? 0) + (time[STATUS_VALUES.indexOf('major_outage')] ?? 0)) / 1000,
  );
}

function formatDate(dayMs: number): string {
  return new Date(dayMs).toISOString().slice(0, 10);
}

/** One UTC day's entry; `periodMs` is the whole day, or the part of today that has passed. */
export function renderDay(
  dayMs: number,
  time: StateMs,
  periodMs: number,
  latency: LatencySummary | undefined,
): UptimeDay {
  const minutes = (ms: number) => Math.round(ms / 60) / 1000;
  return {
    date: formatDate(dayMs),
    uptime_percent: computeUptime(time, periodMs).uptime_percent,
    worst_status: worstStateIn(time),
    minutes: {
      operational: minutes(time[STATUS_VALUES.indexOf('operational')] ?? 0),
      under_maintenance: minutes(time[STATUS_VALUES.indexOf('under_maintenance')] ?? 0),
      degraded_performance: minutes(time[STATUS_VALUES.indexOf('degraded_performance')] ?? 0),
      partial_outage: minutes(time[STATUS_VALUES.indexOf('partial_outage')] ?? 0),
      major_outage: minutes(time[STATUS_VALUES.indexOf('major_outage')] ?? 0),
    },
    no_data_minutes: minutes(Math.max(0, periodMs - totalMs(time))),
    p50_ms: latency?.p50Ms ?? null,
    p95_ms: latency?.p95Ms ?? null,
    p99_ms: latency?.p99Ms ?? null,
  };
}

/** Time per state for each of `dayCount` UTC days from `firstDayMs`, up to `nowMs`, in one pass over the buckets. */
export function sumByDay(
  buckets: readonly TimeBucket[],
  firstDayMs: number,
  dayCount: number,
  nowMs: number,
): StateMs[] {
  const days = Array.from({ length: dayCount }, (): [number, number, number, number, number] => [0, 0, 0, 0, 0]);
  const endMs = Math.min(nowMs, firstDayMs + dayCount * DAY_MS);
  for (const bucket of buckets) {
    const start = Math.max(bucket.startMs, firstDayMs);
    const end = Math.min(bucket.startMs + bucket.lengthMs, endMs);
    for (let at = start; at < end; ) {
      const index = Math.floor((at - firstDayMs) / DAY_MS);
      const next = Math.min(end, firstDayMs + (index + 1) * DAY_MS);
      const day = days[index];
      if (day !== undefined) addInto(day, bucket.ms, next - at >= bucket.lengthMs ? 1 : (next - at) / bucket.lengthMs);
      at = next;
    }
  }
  return days;
}
