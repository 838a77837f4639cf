import { createHash } from 'node:crypto';
import { nameToUrnUuid } from '../feed/name-uuid.js';
import { renderWindowNotices, WINDOW_NOTICE_ID_PREFIX } from '../notices/maintenance-notices.js';
import {
  isRecurringWindow,
  type MaintenanceWindow,
  type RecurringMaintenanceWindow,
} from '../schemas/maintenance-window.js';
import type { MaintenanceNotice, Notice } from '../schemas/notice.js';
import { listOccurrences } from '../time/recurring-window.js';
import { readWallClock, wallClockAsUtcMs } from '../time/zoned-wall-clock.js';
import { cronToRrules } from './cron-rrule.js';

/**
 * Where every recurring window's first event is counted from: a fixed
 * instant, never the clock, so the calendar's bytes (and its DTSTART) are
 * the same at every render. Occurrences before it are not listed.
 */
export const RECURRENCE_ANCHOR_MS = Date.UTC(2026, 0, 1);
/** Searched for a recurring window's first occurrence after the anchor: a yearly window has one. */
const FIRST_OCCURRENCE_SEARCH_MS = 400 * 86_400_000;

/** When an event takes place: fixed instants, or a rule on a zone's clocks. */
export type EventTiming =
  | { readonly kind: 'fixed'; readonly startMs: number; readonly endMs: number }
  | {
      readonly kind: 'recurring';
      readonly timeZone: string;
      /** The first occurrence's start, as the zone's clocks read it (`wallClockAsUtcMs`). */
      readonly startWallMs: number;
      readonly durationMinutes: number;
      /** An RFC 5545 RRULE value. */
      readonly rule: string;
    };

/** One event of the maintenance calendar: one maintenance notice, or one window of the config. */
export interface MaintenanceEvent {
  /** Stable: derived from the notice's id, or from the window as written. */
  readonly uid: string;
  /** Raised with every change the event went through (each update of its notice). */
  readonly sequence: number;
  readonly cancelled: boolean;
  readonly summary: string;
  readonly description: string;
  /** The components it names; none means every component. */
  readonly components: readonly string[];
  /** When it last changed (DTSTAMP). */
  readonly stampMs: number;
  readonly timing: EventTiming;
}

/** What the calendars are rendered from. */
export interface CalendarInput {
  /** The notices as published (a window's notices among them are not read: its `windows` entry is). */
  readonly notices: readonly Notice[];
  /** `maintenance[]` of the components config. */
  readonly windows: readonly MaintenanceWindow[];
  readonly publicUrl?: string | undefined;
}

/**
 * A maintenance notice whose last word is "completed" before its window
 * began never happened: it was called off, and the calendar says so.
 */
export function isCancelled(notice: MaintenanceNotice): boolean {
  const last = notice.updates.at(-1);
  return notice.state === 'completed' && last !== undefined && Date.parse(last.at) < Date.parse(notice.window.start);
}

function noticeEvent(notice: MaintenanceNotice): MaintenanceEvent {
  const latest = notice.updates.at(-1);
  return {
    uid: nameToUrnUuid(`notice:${notice.id}`).slice('urn:uuid:'.length),
    sequence: notice.updates.length - 1,
    cancelled: isCancelled(notice),
    summary: notice.title,
    description: latest?.text ?? '',
    components: notice.components,
    stampMs: Date.parse(latest?.at ?? notice.window.start),
    timing: { kind: 'fixed', startMs: Date.parse(notice.window.start), endMs: Date.parse(notice.window.end) },
  };
}

/** The wall-clock time of day of an instant on a zone's clocks, in milliseconds. */
function timeOfDayMs(ms: number, timeZone: string): number {
  return wallClockAsUtcMs(readWallClock(ms, timeZone)) % 86_400_000;
}

/** Where a rule's `BYHOUR`, `BYMINUTE` and `BYSECOND` put its occurrences in the day, when each names one. */
function ruleTimeOfDayMs(rule: string): number | undefined {
  const value = (part: string) => /^\d+$/.exec(new RegExp(`(?:^|;)BY${part}=([^;]*)`).exec(rule)?.[1] ?? '')?.[0];
  const [h, m, sec] = [value('HOUR'), value('MINUTE'), value('SECOND')];
  return h === undefined || m === undefined || sec === undefined
    ? undefined
    : ((Number(h) * 60 + Number(m)) * 60 + Number(sec)) * 1000;
}

function recurringEvents(window: RecurringMaintenanceWindow): MaintenanceEvent[] {
  const rules = cronToRrules(window.cron) ?? [];
  const anchor = new Date(RECURRENCE_ANCHOR_MS);
  const occurrences = rules.length > 1 ? listOccurrences(window, anchor, FIRST_OCCURRENCE_SEARCH_MS, 1_000) : [];
  const [first] = listOccurrences(window, anchor, FIRST_OCCURRENCE_SEARCH_MS, 1);
  const components = [...(window.components ?? [])];
  const affected = components.length === 0 ? 'all components' : components.join(', ');
  return rules.flatMap((rule) => {
    const time = rules.length > 1 ? ruleTimeOfDayMs(rule) : undefined;
    const start =
      time === undefined
        ? first
        : occurrences.find((occurrence) => timeOfDayMs(occurrence.startMs, window.time_zone) === time);
    if (start === undefined) return [];
    const identity = [window.cron, window.time_zone, window.duration_minutes, [...components].sort(), rule];
    const digest = createHash('sha256').update(JSON.stringify(identity)).digest('hex');
    return [
      {
        uid: nameToUrnUuid(`maintenance-window:${digest}`).slice('urn:uuid:'.length),
        sequence: 0,
        cancelled: false,
        summary: `Planned maintenance: ${affected}`,
        description: `Planned maintenance of ${affected}, ${window.duration_minutes} minutes each time (${window.cron}, ${window.time_zone}).`,
        components,
        stampMs: RECURRENCE_ANCHOR_MS,
        timing: {
          kind: 'recurring',
          timeZone: window.time_zone,
          startWallMs: wallClockAsUtcMs(readWallClock(start.startMs, window.time_zone)),
          durationMinutes: window.duration_minutes,
          rule,
        },
      },
    ];
  });
}

/**
 * The calendar's events: one per maintenance notice the team wrote, one per
 * fixed window of the config (with its notice's id, so the same identity as
 * in `/api/v1/notices`), and one per recurring window as a recurrence rule
 * (one per time of day of a monthly one: `cronToRrules`), rather than its
 * next occurrences one by one. A window's `note` is never
 * published. Same input, same events, whatever the clock. Pure.
 */
export function listMaintenanceEvents({ notices, windows }: CalendarInput): MaintenanceEvent[] {
  const written = notices.filter(
    (notice): notice is MaintenanceNotice =>
      notice.kind === 'maintenance' && !notice.id.startsWith(WINDOW_NOTICE_ID_PREFIX),
  );
  const fixed = renderWindowNotices(
    windows.filter((window) => !isRecurringWindow(window)),
    { now: new Date(RECURRENCE_ANCHOR_MS), announceDays: 0 },
  ).filter((notice): notice is MaintenanceNotice => notice.kind === 'maintenance');
  const recurring = windows.filter(isRecurringWindow).flatMap(recurringEvents);
  return [...written.map(noticeEvent), ...fixed.map(noticeEvent), ...recurring];
}
