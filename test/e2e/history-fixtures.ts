import { type ComponentHistoryDocument, ComponentHistoryDocumentSchema } from '../../src/schemas/component-history.js';
import { type Incident, type IncidentsDocument, IncidentsDocumentSchema } from '../../src/schemas/incidents.js';
import {
  type IncidentNotice,
  type MaintenanceNotice,
  type Notice,
  type NoticesDocument,
  NoticesDocumentSchema,
} from '../../src/schemas/notice.js';
import { formatTimestamp } from '../../src/schemas/service-status.js';
import type { StatusValue } from '../../src/schemas/status-value.js';
import {
  type ComponentUptime,
  type UptimeDay,
  type UptimeDocument,
  UptimeDocumentSchema,
} from '../../src/schemas/uptime.js';
import { assignSlugs } from '../../src/slugs/assign-slugs.js';

/**
 * The history documents the page is shown in the browser tests, built from a
 * few facts and parsed with the real schemas, so they cannot drift from what
 * the probe and the build publish.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
export const COMPONENT_NAMES = ['Control API', 'Scheduler', 'Build Service', 'Registry'] as const;

/** A bad day in a component's history: its worst state and how many minutes it spent there. */
export interface BadDay {
  readonly component: string;
  readonly daysAgo: number;
  readonly worst: Exclude<StatusValue, 'operational'>;
  readonly minutes: number;
}

/** The incidents behind the bad days of the 90-day history fixture. */
export const PAST_BAD_DAYS: readonly BadDay[] = [
  { component: 'Build Service', daysAgo: 3, worst: 'major_outage', minutes: 47 },
  { component: 'Build Service', daysAgo: 40, worst: 'partial_outage', minutes: 95 },
  { component: 'Scheduler', daysAgo: 12, worst: 'degraded_performance', minutes: 20 },
  { component: 'Control API', daysAgo: 61, worst: 'major_outage', minutes: 12 },
  { component: 'Registry', daysAgo: 25, worst: 'under_maintenance', minutes: 60 },
];

function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

function uptimeOf(minutes: UptimeDay['minutes']): number | null {
  const total = Object.values(minutes).reduce((sum, value) => sum + value, 0);
  if (total === 0) return null;
  const down = minutes.major_outage + 0.3 * minutes.partial_outage;
  return Math.round(((total - down) / total) * 100_000) / 1000;
}

function day(date: string, elapsedMinutes: number, bad: readonly BadDay[], noData: boolean): UptimeDay {
  if (noData) {
    return {
      date,
      uptime_percent: null,
      worst_status: null,
      minutes: { operational: 0, under_maintenance: 0, degraded_performance: 0, partial_outage: 0, major_outage: 0 },
      no_data_minutes: elapsedMinutes,
      p50_ms: null,
      p95_ms: null,
      p99_ms: null,
    };
  }
  const minutes = {
    operational: elapsedMinutes,
    under_maintenance: 0,
    degraded_performance: 0,
    partial_outage: 0,
    major_outage: 0,
  };
  let worst: StatusValue = 'operational';
  const order: StatusValue[] = [
    'operational',
    'under_maintenance',
    'degraded_performance',
    'partial_outage',
    'major_outage',
  ];
  for (const each of bad) {
    const spent = Math.min(each.minutes, minutes.operational);
    minutes[each.worst] += spent;
    minutes.operational -= spent;
    if (order.indexOf(each.worst) > order.indexOf(worst)) worst = each.worst;
  }
  // A slow afternoon on a bad day shows in its percentiles.
  const slow = bad.length === 0 ? 0 : 40;
  return {
    date,
    uptime_percent: uptimeOf(minutes),
    worst_status: worst,
    minutes,
    no_data_minutes: 0,
    p50_ms: 60 + (date.charCodeAt(9) % 7) * 3 + slow,
    p95_ms: 140 + (date.charCodeAt(9) % 5) * 6 + slow * 2,
    p99_ms: 210 + (date.charCodeAt(9) % 4) * 9 + slow * 3,
  };
}

function figure(days: readonly UptimeDay[]): { uptime_percent: number | null; data_percent: number } {
  const withData = days.filter((each) => each.uptime_percent !== null);
  const totals = withData.reduce(
    (sum, each) => {
      const total = Object.values(each.minutes).reduce((a, b) => a + b, 0);
      return {
        minutes: sum.minutes + total,
        down: sum.down + each.minutes.major_outage + 0.3 * each.minutes.partial_outage,
      };
    },
    { minutes: 0, down: 0 },
  );
  const all = days.reduce(
    (sum, each) => sum + Object.values(each.minutes).reduce((a, b) => a + b, 0) + each.no_data_minutes,
    0,
  );
  return {
    uptime_percent:
      totals.minutes === 0 ? null : Math.round(((totals.minutes - totals.down) / totals.minutes) * 100_000) / 1000,
    data_percent: all === 0 ? 0 : Math.round((totals.minutes / all) * 100_000) / 1000,
  };
}

function componentUptime(name: string, nowMs: number, bad: readonly BadDay[], noDataDays: number): ComponentUptime {
  const today = startOfUtcDay(nowMs);
  const days = Array.from({ length: 90 }, (_, index) => {
    const daysAgo = 89 - index;
    const start = today - daysAgo * DAY_MS;
    const elapsed = daysAgo === 0 ? Math.floor((nowMs - today) / MINUTE_MS) : 1440;
    const badToday = bad.filter((each) => each.component === name && each.daysAgo === daysAgo);
    return day(utcDate(start), elapsed, badToday, index < noDataDays);
  });
  const thisHour = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  const seed = name.length;
  const latency = Array.from({ length: 24 }, (_, index) => {
    // One hour without an answer draws a gap in the line.
    const gap = name === 'Scheduler' && index === 9;
    const p50 = Math.round(60 + 25 * Math.sin((index + seed) / 3) + seed * 4);
    return {
      hour: formatTimestamp(new Date(thisHour - (23 - index) * HOUR_MS)),
      p50_ms: gap ? null : p50,
      p95_ms: gap ? null : p50 * 2 + 15,
      p99_ms: gap ? null : p50 * 3 + 20,
    };
  });
  return {
    name,
    uptime: {
      last_24h: figure(days.slice(-1)),
      last_7d: figure(days.slice(-7)),
      last_30d: figure(days.slice(-30)),
      last_90d: figure(days),
    },
    days,
    latency,
  };
}

/** What both history documents are drawn from: the probe's interval, the bad days, and the days without data. */
export interface UptimeOptions {
  readonly intervalSeconds?: number;
  readonly bad?: readonly BadDay[];
  /** How many of the 90 days, oldest first, each component has no data for (default: the Registry's first 8). */
  readonly noDataDays?: Readonly<Record<string, number>>;
}

/** Each component's full history, in the order of `COMPONENT_NAMES`. */
function componentHistories(now: Date, options: UptimeOptions): ComponentUptime[] {
  const bad = options.bad ?? PAST_BAD_DAYS;
  // The Registry was added later: its first days have no data.
  const noData = options.noDataDays ?? { Registry: 8 };
  return COMPONENT_NAMES.map((name) => componentUptime(name, now.getTime(), bad, noData[name] ?? 0));
}

const header = (now: Date, options: UptimeOptions) => ({
  version: 'v1',
  region: 'Amsterdam 1',
  generated_at: formatTimestamp(now),
  interval_seconds: options.intervalSeconds ?? 5,
});

/** `/api/v1/uptime`, the compact summary, for the four components, validated by its schema. */
export function uptimeDocument(now: Date, options: UptimeOptions = {}): UptimeDocument {
  const slugs = assignSlugs(COMPONENT_NAMES);
  const histories = componentHistories(now, options);
  return UptimeDocumentSchema.parse({
    ...header(now, options),
    first_day: histories[0]?.days[0]?.date,
    components: histories.map(({ name, uptime, days }) => ({
      name,
      slug: slugs.get(name),
      uptime,
      today_p95_ms: days.at(-1)?.p95_ms ?? null,
      days: {
        uptime_percent: days.map((each) => each.uptime_percent),
        worst_status: days.map((each) => each.worst_status),
        down_seconds: days.map((each) => Math.round((each.minutes.major_outage + each.minutes.partial_outage) * 60)),
      },
    })),
  });
}

/** `/api/v1/component-history/{slug}.json` of each of the four components, by slug, validated by its schema. */
export function componentHistoryDocuments(
  now: Date,
  options: UptimeOptions = {},
): ReadonlyMap<string, ComponentHistoryDocument> {
  const slugs = assignSlugs(COMPONENT_NAMES);
  return new Map(
    componentHistories(now, options).map((history) => {
      const slug = slugs.get(history.name) ?? '';
      return [slug, ComponentHistoryDocumentSchema.parse({ ...header(now, options), slug, ...history })];
    }),
  );
}

/** One resolved incident per past bad day (maintenance days are not incidents). */
export function pastIncidents(now: Date, bad: readonly BadDay[] = PAST_BAD_DAYS): Incident[] {
  const today = startOfUtcDay(now.getTime());
  return bad
    .filter((each) => each.worst !== 'under_maintenance')
    .map((each) => {
      const started = today - each.daysAgo * DAY_MS + 9 * HOUR_MS + 14 * MINUTE_MS;
      return {
        id: `${each.component.toLowerCase().replace(/ /g, '-')}-${formatTimestamp(new Date(started))}`,
        component: each.component,
        worst_status: each.worst,
        started_at: formatTimestamp(new Date(started)),
        resolved_at: formatTimestamp(new Date(started + each.minutes * MINUTE_MS)),
        updated_at: formatTimestamp(new Date(started + each.minutes * MINUTE_MS)),
        duration_seconds: each.minutes * 60,
        failure_classes: each.worst === 'degraded_performance' ? [] : ['timeout', 'status'],
        last_failure: each.worst === 'degraded_performance' ? null : { class: 'status', http_status: 502 },
        // A single-region deployment: no vote among regions.
        regions: null,
      } satisfies Incident;
    });
}

/** An incident still going on: started `agoMs` before `now`. */
export function ongoingIncident(
  now: Date,
  component: string,
  agoMs: number,
  worst: Incident['worst_status'],
  lastFailure: Incident['last_failure'],
  regions: Incident['regions'] = null,
): Incident {
  const started = new Date(now.getTime() - agoMs);
  return {
    id: `${component.toLowerCase().replace(/ /g, '-')}-${formatTimestamp(started)}`,
    component,
    worst_status: worst,
    started_at: formatTimestamp(started),
    resolved_at: null,
    updated_at: formatTimestamp(started),
    duration_seconds: Math.round(agoMs / 1000),
    failure_classes: lastFailure ? [lastFailure.class] : [],
    last_failure: lastFailure,
    regions,
  };
}

/** `/api/v1/incidents`, newest first, validated by its schema. */
export function incidentsDocument(now: Date, incidents: readonly Incident[]): IncidentsDocument {
  return IncidentsDocumentSchema.parse({
    version: 'v1',
    region: 'Amsterdam 1',
    generated_at: formatTimestamp(now),
    incidents: [...incidents].sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at)),
  });
}

/** `/api/v1/notices`, validated by its schema. */
export function noticesDocument(notices: readonly Notice[]): NoticesDocument {
  return NoticesDocumentSchema.parse({ version: 'v1', notices });
}

function at(now: Date, offsetMs: number): string {
  return formatTimestamp(new Date(now.getTime() + offsetMs));
}

/** Registry maintenance going on now, with its window. */
export function maintenanceInProgress(now: Date): Notice {
  return {
    id: 'registry-storage-migration',
    title: 'Registry storage migration',
    components: ['Registry'],
    kind: 'maintenance',
    state: 'in_progress',
    window: { start: at(now, -20 * MINUTE_MS), end: at(now, 40 * MINUTE_MS) },
    updates: [
      {
        at: at(now, -2 * DAY_MS),
        state: 'scheduled',
        text: 'We will move the registry to new storage. Pulls may be slow.',
      },
      { at: at(now, -20 * MINUTE_MS), state: 'in_progress', text: 'The migration has started.' },
    ],
  };
}

/** Maintenance planned for tomorrow. */
export function maintenanceScheduled(now: Date): MaintenanceNotice {
  return {
    id: 'scheduler-upgrade',
    title: 'Scheduler upgrade',
    components: ['Scheduler'],
    kind: 'maintenance',
    state: 'scheduled',
    window: { start: at(now, DAY_MS), end: at(now, DAY_MS + HOUR_MS) },
    updates: [{ at: at(now, -HOUR_MS), state: 'scheduled', text: 'New jobs will queue for up to an hour.' }],
  };
}

/** The team's word on an outage, still being worked on. */
export function incidentNotice(now: Date, title = 'Builds failing'): IncidentNotice {
  return {
    id: 'builds-failing',
    title,
    components: ['Build Service'],
    kind: 'incident',
    state: 'identified',
    updates: [
      { at: at(now, -30 * MINUTE_MS), state: 'investigating', text: 'Builds fail to start. We are looking into it.' },
      { at: at(now, -10 * MINUTE_MS), state: 'identified', text: 'A bad deploy of the build workers; rolling back.' },
    ],
  };
}

/** A resolved notice from three days ago, for the history. */
export function resolvedNotice(now: Date): IncidentNotice {
  return {
    id: 'build-outage-postmortem',
    title: 'Build Service outage',
    components: ['Build Service'],
    kind: 'incident',
    state: 'resolved',
    updates: [
      { at: at(now, -3 * DAY_MS), state: 'investigating', text: 'Builds are failing.' },
      {
        at: at(now, -3 * DAY_MS + HOUR_MS),
        state: 'resolved',
        text: 'A full disk on the build workers; cleaned up and alerting added.',
      },
    ],
  };
}
