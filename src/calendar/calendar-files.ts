import {
  CALENDAR_EXTENSION,
  COMPONENT_FEEDS_PATH,
  componentCalendarPath,
  FEEDS_PATH,
  MAINTENANCE_CALENDAR_PATH,
} from '../api-paths.js';
import type { SetFile } from '../public-dir/file-set-publisher.js';
import { assignSlugs } from '../slugs/assign-slugs.js';
import { type CalendarInput, listMaintenanceEvents } from './maintenance-events.js';
import { renderCalendar } from './render-calendar.js';

/** Where the calendars lie: the site's under `/feeds/`, each component's beside its feed. */
export const CALENDAR_DIRECTORIES = [FEEDS_PATH, COMPONENT_FEEDS_PATH] as const;

/** One component's calendar: its name and where it is served. */
export interface CalendarScope {
  readonly name: string;
  readonly path: `/${string}`;
}

/** Each configured component's calendar, named by the one slug rule, as its feed and badges are. Pure. */
export function listCalendarScopes(components: readonly { readonly name: string }[]): CalendarScope[] {
  return [...assignSlugs(components.map(({ name }) => name))].map(([name, slug]) => ({
    name,
    path: componentCalendarPath(slug),
  }));
}

/** Whether `path` is a calendar's, configured or not (what the writer of the calendars removes). */
export function isCalendarPath(path: string): boolean {
  return (
    path === MAINTENANCE_CALENDAR_PATH ||
    (path.startsWith(`${COMPONENT_FEEDS_PATH}/`) &&
      path.endsWith(CALENDAR_EXTENSION) &&
      !path.slice(COMPONENT_FEEDS_PATH.length + 1, -CALENDAR_EXTENSION.length).includes('.'))
  );
}

/**
 * `/feeds/maintenance.ics` with every maintenance, and each component's
 * `/feeds/components/{slug}.ics` with the maintenance that names it and the
 * maintenance that names no component (it concerns every one), as the feeds
 * of each component cut the site feed. Pure.
 */
export function* renderCalendarFiles(input: CalendarInput, scopes: readonly CalendarScope[]): Generator<SetFile> {
  const events = listMaintenanceEvents(input);
  const { publicUrl } = input;
  yield {
    path: MAINTENANCE_CALENDAR_PATH,
    contents: renderCalendar(events, { name: 'Planned maintenance', publicUrl }),
  };
  for (const { name, path } of scopes) {
    const own = events.filter((event) => event.components.length === 0 || event.components.includes(name));
    yield { path, contents: renderCalendar(own, { name: `${name}: planned maintenance`, publicUrl }) };
  }
}
