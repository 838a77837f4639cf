import { judgeFreshness, staleAfterMs } from '../freshness/judge-freshness.js';
import { computeUptime } from '../history/compute-uptime.js';
import { addStateMs, NO_TIME, type StateMs, scaleStateMs } from '../history/state-time.js';
import { componentSince } from '../markdown/component-since.js';
import type { ComponentHistoryDocument } from '../schemas/component-history.js';
import type { Incident } from '../schemas/incidents.js';
import type { MaintenanceNotice, Notice } from '../schemas/notice.js';
import { formatTimestamp, type ServiceStatus } from '../schemas/service-status.js';
import { STATUS_VALUES } from '../schemas/status-value.js';
import type { ComponentUptimeSummary, StateMinutes } from '../schemas/uptime.js';
import { DAY_MS } from '../time/time-units.js';

const MINUTE_MS = 60_000;

/** A day's minutes per state, in `STATUS_VALUES` order. */
function minutesOf(minutes: StateMinutes): StateMs {
  return [
    minutes.operational,
    minutes.under_maintenance,
    minutes.degraded_performance,
    minutes.partial_outage,
    minutes.major_outage,
  ];
}

/** What a tool answers: the JSON it returns, or an error with a hint for the agent. */
export type ToolAnswer = { readonly ok: true; readonly value: unknown } | ToolError;
export interface ToolError {
  readonly ok: false;
  readonly error: string;
  readonly hint: string;
}

/** The status and what its readings are judged with. */
export interface StatusReading {
  readonly status: ServiceStatus;
  /** The probe's interval as `/api/v1/uptime` publishes it, else the default schedule's: the page's rule. */
  readonly intervalMs: number;
  readonly notices: readonly Notice[];
  /** `undefined` where the deployment keeps no history. */
  readonly incidents: readonly Incident[] | undefined;
  readonly now: Date;
}

/** Whether the status is stale now, and from when, by the page's rule (`judgeFreshness`, three intervals). */
export function judgeStale({ status, intervalMs, now }: StatusReading): { stale: boolean; stale_after: string } {
  const limitMs = staleAfterMs(intervalMs);
  return {
    stale: judgeFreshness(status.updated_at, now, limitMs).kind === 'stale',
    stale_after: formatTimestamp(new Date(Date.parse(status.updated_at) + limitMs)),
  };
}

/** A notice as the tools show it: its own fields, and its latest update. */
export function summarizeNotice(notice: Notice) {
  const updates: readonly { at: string; state: string; text: string }[] = notice.updates;
  const latest = updates.reduce((newest, update) => (update.at > newest.at ? update : newest));
  return {
    id: notice.id,
    kind: notice.kind,
    title: notice.title,
    state: notice.state,
    components: notice.components,
    ...(notice.kind === 'maintenance' ? { window: notice.window } : {}),
    latest_update: { at: latest.at, state: latest.state, text: latest.text },
  };
}

function isOpen(notice: Notice): boolean {
  return notice.state !== 'resolved' && notice.state !== 'completed';
}

/** `get_status`: the overall state, each component with since when, and whether it is stale. Pure. */
export function answerStatus(reading: StatusReading, site: string): ToolAnswer {
  const { status, notices, incidents } = reading;
  return {
    ok: true,
    value: {
      site,
      region: status.region,
      status: status.status,
      updated_at: status.updated_at,
      ...judgeStale(reading),
      components: status.components.map(({ name, status: state }) => ({
        name,
        status: state,
        since: componentSince(name, state, { incidents, notices }) ?? null,
      })),
    },
  };
}

/** The component the status names `name`, exactly, else ignoring case; or an error naming the known ones. */
export function findComponent(status: ServiceStatus, name: string): { ok: true; name: string } | ToolError {
  const exact = status.components.find((component) => component.name === name);
  const loose = exact ?? status.components.find((component) => component.name.toLowerCase() === name.toLowerCase());
  if (loose !== undefined) return { ok: true, name: loose.name };
  return {
    ok: false,
    error: `no component named ${JSON.stringify(name)}`,
    hint: `known components: ${status.components.map((component) => component.name).join(', ')}`,
  };
}

/** What `get_component` adds to the status: the history documents, where published. */
export interface ComponentExtras {
  readonly summary: ComponentUptimeSummary | undefined;
  readonly history: ComponentHistoryDocument | undefined;
}

/** `get_component`: one component's state, since when, uptime, open notices and latency where published. Pure. */
export function answerComponent(
  reading: StatusReading,
  name: string,
  { summary, history }: ComponentExtras,
): ToolAnswer {
  const { status, notices, incidents } = reading;
  const component = status.components.find((entry) => entry.name === name);
  if (component === undefined) return { ok: false, error: `no component named ${JSON.stringify(name)}`, hint: '' };
  const concerns = (notice: Notice) => notice.components.length === 0 || notice.components.includes(name);
  return {
    ok: true,
    value: {
      name,
      status: component.status,
      since: componentSince(name, component.status, { incidents, notices }) ?? null,
      updated_at: status.updated_at,
      ...judgeStale(reading),
      uptime: summary?.uptime ?? null,
      // The hourly latency as the detail document publishes it (p50 and p95 and any later percentiles).
      latency: history?.latency ?? null,
      open_notices: notices.filter((notice) => isOpen(notice) && concerns(notice)).map(summarizeNotice),
      open_incidents: (incidents ?? []).filter(
        (incident) => incident.component === name && incident.resolved_at === null,
      ),
    },
  };
}

/** A window of time asked for, both ends UTC; open at either end when left out. */
export interface TimeWindow {
  readonly since: string | undefined;
  readonly until: string | undefined;
}

/**
 * `list_incidents`: without a window, the open ones (notices not resolved,
 * the probe's incidents not resolved); with one, every incident that overlaps it. Pure.
 */
export function answerIncidents(reading: StatusReading, window: TimeWindow | undefined): ToolAnswer {
  const { notices, incidents, now } = reading;
  const nowAt = formatTimestamp(now);
  const overlaps = (start: string, end: string) =>
    window === undefined || (start <= (window.until ?? nowAt) && end >= (window.since ?? start));
  const incidentNotices = notices.filter((notice) => notice.kind === 'incident');
  const noticeSpan = (notice: Notice) => {
    const times = notice.updates.map((update) => update.at).sort();
    return { start: times[0] ?? nowAt, end: notice.state === 'resolved' ? (times.at(-1) ?? nowAt) : nowAt };
  };
  return {
    ok: true,
    value: {
      window: window ?? 'open now',
      notices: incidentNotices
        .filter((notice) =>
          window === undefined ? isOpen(notice) : overlaps(noticeSpan(notice).start, noticeSpan(notice).end),
        )
        .map(summarizeNotice),
      detected:
        incidents === undefined
          ? null
          : incidents.filter((incident) =>
              window === undefined
                ? incident.resolved_at === null
                : overlaps(incident.started_at, incident.resolved_at ?? nowAt),
            ),
    },
  };
}

function byWindow(a: MaintenanceNotice, b: MaintenanceNotice): number {
  if (a.state !== b.state) return a.state === 'in_progress' ? -1 : 1;
  return a.window.start.localeCompare(b.window.start);
}

/** `list_maintenance`: the maintenance in progress, then the upcoming, each by its start. Pure. */
export function answerMaintenance(notices: readonly Notice[]): ToolAnswer {
  const maintenance = notices.filter(
    (notice): notice is MaintenanceNotice => notice.kind === 'maintenance' && isOpen(notice),
  );
  return { ok: true, value: { maintenance: maintenance.sort(byWindow).map(summarizeNotice) } };
}

/** A UTC day, `YYYY-MM-DD`. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `get_uptime`: one component's uptime over whole UTC days from `since` to
 * `until` (both included; the last 30 published days when left out), from
 * the minutes per state its detail document publishes, by the history's own
 * rule (`computeUptime`: major outage down, partial outage 30 % down). Pure.
 */
export function answerUptime(history: ComponentHistoryDocument, window: TimeWindow): ToolAnswer {
  const first = history.days[0]?.date ?? '';
  const last = history.days.at(-1)?.date ?? '';
  const until = window.until ?? last;
  const since = window.since ?? formatTimestamp(new Date(Date.parse(`${until}T00:00:00Z`) - 29 * DAY_MS)).slice(0, 10);
  if (since > until) return { ok: false, error: `since ${since} is after until ${until}`, hint: 'give since <= until' };
  const days = history.days.filter((day) => day.date >= since && day.date <= until);
  if (days.length === 0) {
    return {
      ok: false,
      error: `no published days between ${since} and ${until}`,
      hint: `the history covers ${first} to ${last} (UTC days)`,
    };
  }
  const minutes = days.reduce((sum, day) => addStateMs(sum, minutesOf(day.minutes)), NO_TIME);
  const figure = computeUptime(scaleStateMs(minutes, MINUTE_MS), days.length * DAY_MS);
  return {
    ok: true,
    value: {
      component: history.name,
      since: days[0]?.date,
      until: days.at(-1)?.date,
      days: days.length,
      ...figure,
      minutes: Object.fromEntries(STATUS_VALUES.map((state, index) => [state, minutes[index]])),
      no_data_minutes: days.reduce((sum, day) => sum + day.no_data_minutes, 0),
    },
  };
}
