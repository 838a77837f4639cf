import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { listCalendarScopes, renderCalendarFiles } from '../../../src/calendar/calendar-files.js';
import { cronToRrules } from '../../../src/calendar/cron-rrule.js';
import { type CalendarInput, listMaintenanceEvents } from '../../../src/calendar/maintenance-events.js';
import { renderCalendar } from '../../../src/calendar/render-calendar.js';
import type { MaintenanceWindow, RecurringMaintenanceWindow } from '../../../src/schemas/maintenance-window.js';
import { listOccurrences } from '../../../src/time/recurring-window.js';
import { maintenanceNotice } from '../../helpers/notices.js';

/** The calendar as ical.js, a standard iCalendar parser, reads it: its events, with each zone it defines registered. */
function parseCalendar(text: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
}

function calendarOf(input: Partial<CalendarInput>): string {
  return renderCalendar(listMaintenanceEvents({ notices: [], windows: [], ...input }), { name: 'Planned maintenance' });
}

/** The starts, as instants, of the event's first `count` occurrences from `after` on, as the parser expands them. */
function expandStarts(event: ICAL.Event, after: number, count: number): string[] {
  const iterator = event.iterator();
  const starts: string[] = [];
  for (let next = iterator.next(); next !== null && starts.length < count; next = iterator.next()) {
    const ms = next.toJSDate().getTime();
    if (ms >= after) starts.push(new Date(ms).toISOString());
  }
  return starts;
}

const WEEKLY: RecurringMaintenanceWindow = {
  cron: '0 2 * * 6',
  duration_minutes: 120,
  time_zone: 'Europe/Amsterdam',
  components: ['Registry'],
};

describe('the maintenance calendar, read by ical.js', () => {
  it('gives a maintenance notice one event at its UTC window, with a stable UID and its updates as the sequence', () => {
    const notice = maintenanceNotice({
      state: 'in_progress',
      updates: [
        { at: '2026-11-20T10:00:00Z', state: 'scheduled', text: 'We will upgrade the registry.' },
        { at: '2026-11-25T02:00:00Z', state: 'in_progress', text: 'Started; pushes may fail, retry.' },
      ],
    });
    const text = calendarOf({ notices: [notice] });
    const [event] = parseCalendar(text);
    expect(event?.summary).toBe('Registry upgrade');
    expect(event?.startDate.toJSDate().toISOString()).toBe('2026-11-25T02:00:00.000Z');
    expect(event?.endDate.toJSDate().toISOString()).toBe('2026-11-25T04:00:00.000Z');
    expect(event?.startDate.zone?.tzid).toBe('UTC');
    expect(event?.sequence).toBe(1);
    expect(event?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event?.description).toBe('Started; pushes may fail, retry.\n\nComponents: Registry.');
    // The same notice with one update fewer keeps its UID and has a lower sequence.
    const [earlier] = parseCalendar(calendarOf({ notices: [maintenanceNotice()] }));
    expect(earlier?.uid).toBe(event?.uid);
    expect(earlier?.sequence).toBe(0);
  });

  it('marks a maintenance completed before its window began as cancelled, and raises its sequence', () => {
    const called = maintenanceNotice({
      state: 'completed',
      updates: [
        { at: '2026-11-20T10:00:00Z', state: 'scheduled', text: 'We will upgrade the registry.' },
        { at: '2026-11-24T09:00:00Z', state: 'completed', text: 'Called off: the vendor postponed.' },
      ],
    });
    const [event] = parseCalendar(calendarOf({ notices: [called] }));
    expect(event?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event?.summary).toBe('Cancelled: Registry upgrade');
    expect(event?.sequence).toBe(1);
    const done = maintenanceNotice({
      state: 'completed',
      updates: [
        { at: '2026-11-20T10:00:00Z', state: 'scheduled', text: 'We will upgrade the registry.' },
        { at: '2026-11-25T03:10:00Z', state: 'completed', text: 'Done.' },
      ],
    });
    expect(parseCalendar(calendarOf({ notices: [done] }))[0]?.component.getFirstPropertyValue('status')).toBe(
      'CONFIRMED',
    );
  });

  it('gives a recurring window one event with a recurrence rule whose occurrences are the probe’s, across daylight saving', () => {
    const [event] = parseCalendar(calendarOf({ windows: [WEEKLY] }));
    expect(event?.isRecurring()).toBe(true);
    expect(event?.component.getFirstPropertyValue('rrule')?.toString()).toBe(
      'FREQ=DAILY;BYDAY=SA;BYHOUR=2;BYMINUTE=0;BYSECOND=0',
    );
    expect(event?.duration.toSeconds()).toBe(7_200);
    const from = Date.parse('2027-03-01T00:00:00Z');
    // March to May: the clocks go forward on 28 March 2027, and the window stays at 02:00 on them.
    const expected = listOccurrences(WEEKLY, new Date(from), 70 * 86_400_000).map((occurrence) =>
      new Date(occurrence.startMs).toISOString(),
    );
    expect(expected).toContain('2027-03-27T01:00:00.000Z');
    expect(expected).toContain('2027-04-03T00:00:00.000Z');
    expect(event === undefined ? [] : expandStarts(event, from, expected.length)).toEqual(expected);
  });

  it.each([
    ['the last day of the month', '30 1 L * *', 'Australia/Sydney'],
    ['the second Monday', '0 3 * * 1#2', 'America/New_York'],
    ['the last Friday, twice a day', '0 0 6,18 * * 5L', 'Europe/London'],
    ['every weekday in June and July', '0 30 23 * 6,7 1-5', 'UTC'],
  ])('expands %s as node-cron runs it', (_, cron, zone) => {
    const window: RecurringMaintenanceWindow = { cron, duration_minutes: 30, time_zone: zone };
    expect(cronToRrules(cron)).toBeDefined();
    const events = parseCalendar(calendarOf({ windows: [window] }));
    const from = Date.parse('2027-01-01T00:00:00Z');
    const expected = listOccurrences(window, new Date(from), 366 * 86_400_000, 40).map((occurrence) =>
      new Date(occurrence.startMs).toISOString(),
    );
    expect(expected.length).toBeGreaterThan(5);
    // Each event starts at an occurrence of its own rule: DTSTART is the first of the rule's instances.
    for (const event of events) {
      const rule = event.component.getFirstPropertyValue('rrule');
      const hours = rule instanceof ICAL.Recur ? rule.parts.BYHOUR : undefined;
      if (hours?.length === 1) expect(event.startDate.hour).toBe(hours[0]);
    }
    const expanded = events.flatMap((event) => expandStarts(event, from, expected.length)).sort();
    expect(expanded.slice(0, expected.length)).toEqual(expected);
  });

  it('keeps the same bytes whatever the clock, and gives an edited window a new UID', () => {
    const windows: MaintenanceWindow[] = [WEEKLY, { start: '2026-12-01T02:00:00Z', end: '2026-12-01T04:00:00Z' }];
    expect(calendarOf({ windows })).toBe(calendarOf({ windows: [...windows] }));
    const [before] = parseCalendar(calendarOf({ windows: [WEEKLY] }));
    const [after] = parseCalendar(calendarOf({ windows: [{ ...WEEKLY, duration_minutes: 90 }] }));
    expect(after?.uid).not.toBe(before?.uid);
  });

  it('folds long lines at 75 octets with CRLF, and a text with commas, semicolons and line breaks round-trips', () => {
    const text = `Registry, mirror; and the cache\\index.\nThen ${'障害'.repeat(60)}`;
    const notice = maintenanceNotice({ updates: [{ at: '2026-11-20T10:00:00Z', state: 'scheduled', text }] });
    const calendar = calendarOf({ notices: [notice] });
    const lines = calendar.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(Math.max(...lines.map((line) => Buffer.byteLength(line)))).toBeLessThanOrEqual(75);
    expect(calendar.replaceAll('\r\n', '')).not.toContain('\n');
    expect(parseCalendar(calendar)[0]?.description).toBe(`${text}\n\nComponents: Registry.`);
  });

  it("gives each component its own maintenance and the platform's, and nothing of the others'", () => {
    const scopes = listCalendarScopes([{ name: 'Registry' }, { name: 'Build Service' }]);
    const files = [
      ...renderCalendarFiles(
        {
          notices: [maintenanceNotice(), maintenanceNotice({ id: 'all', title: 'Network change', components: [] })],
          windows: [WEEKLY],
        },
        scopes,
      ),
    ];
    const summaries = Object.fromEntries(
      files.map((file) => [
        file.path,
        parseCalendar(file.contents)
          .map((event) => event.summary)
          .sort(),
      ]),
    );
    expect(summaries).toEqual({
      '/feeds/maintenance.ics': ['Network change', 'Planned maintenance: Registry', 'Registry upgrade'],
      '/feeds/components/registry.ics': ['Network change', 'Planned maintenance: Registry', 'Registry upgrade'],
      '/feeds/components/build-service.ics': ['Network change'],
    });
  });
});
