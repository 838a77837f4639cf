import { escapeIcsText, foldLine, formatIcsLocal, formatIcsUtc } from './ics-lines.js';
import { type MaintenanceEvent, RECURRENCE_ANCHOR_MS } from './maintenance-events.js';
import { renderTimeZoneComponent } from './time-zone-component.js';

/** How many years of a zone's changes of offset a calendar carries, from the anchor's year. */
const TIME_ZONE_YEARS = 25;

export interface CalendarHead {
  /** Shown by calendar apps as the calendar's name (`X-WR-CALNAME`, `NAME` of RFC 7986). */
  readonly name: string;
  /** `public_url`: each event links to the page. */
  readonly publicUrl?: string | undefined;
}

function eventLines(event: MaintenanceEvent, publicUrl: string | undefined): string[] {
  const { timing } = event;
  const when =
    timing.kind === 'fixed'
      ? [`DTSTART:${formatIcsUtc(timing.startMs)}`, `DTEND:${formatIcsUtc(timing.endMs)}`]
      : [
          `DTSTART;TZID=${timing.timeZone}:${formatIcsLocal(timing.startWallMs)}`,
          `DURATION:PT${timing.durationMinutes}M`,
          `RRULE:${timing.rule}`,
        ];
  const components = event.components.length === 0 ? 'all components' : event.components.join(', ');
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${formatIcsUtc(event.stampMs)}`,
    ...when,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeIcsText(event.cancelled ? `Cancelled: ${event.summary}` : event.summary)}`,
    `DESCRIPTION:${escapeIcsText(`${event.description}\n\nComponents: ${components}.`)}`,
    ...(event.components.length === 0 ? [] : [`CATEGORIES:${event.components.map(escapeIcsText).join(',')}`]),
    ...(publicUrl === undefined ? [] : [`URL:${publicUrl}`]),
    // Maintenance does not make anyone busy: it is shown, not booked.
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/**
 * An iCalendar object (RFC 5545) of maintenance events: fixed times in UTC,
 * recurring ones on their zone's clocks with the zone's VTIMEZONE, lines
 * folded at 75 octets and ended with CRLF. Events in a fixed order (by uid),
 * so the same events give the same bytes. Pure.
 */
export function renderCalendar(events: readonly MaintenanceEvent[], head: CalendarHead): string {
  const sorted = [...events].sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  const zones = [
    ...new Set(sorted.flatMap((event) => (event.timing.kind === 'recurring' ? [event.timing.timeZone] : []))),
  ].sort();
  const fromYear = new Date(RECURRENCE_ANCHOR_MS).getUTCFullYear();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//service-directory//maintenance calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeIcsText(head.name)}`,
    `X-WR-CALNAME:${escapeIcsText(head.name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    ...zones.flatMap((zone) => renderTimeZoneComponent(zone, fromYear, fromYear + TIME_ZONE_YEARS)),
    ...sorted.flatMap((event) => eventLines(event, head.publicUrl)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
