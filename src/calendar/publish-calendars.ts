import { CALENDAR_EXTENSION } from '../api-paths.js';
import { createFileSetPublisher } from '../public-dir/file-set-publisher.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import { publishOnSourceChange } from '../public-dir/publish-on-source-change.js';
import { CALENDAR_DIRECTORIES, type CalendarScope, renderCalendarFiles } from './calendar-files.js';
import type { CalendarInput } from './maintenance-events.js';

/** Writes the calendars from what they are rendered from; returns the files written. */
export type CalendarsPublisher = (input: CalendarInput) => Promise<string[]>;

/**
 * The publisher of `/feeds/maintenance.ics` and of each component's
 * calendar for `scopes`: one set of files (`createFileSetPublisher`), each
 * replaced atomically when its bytes change, the calendars of components no
 * longer configured removed. While the input is the one last written from,
 * nothing is rendered (the probe asks at every cycle). Throws on a failed
 * write, tried again next time; the caller logs it.
 */
export function createCalendarsPublisher(
  publicDir: PublicDirWriter,
  scopes: readonly CalendarScope[],
): CalendarsPublisher {
  const publish = createFileSetPublisher(publicDir, {
    directories: CALENDAR_DIRECTORIES,
    extension: CALENDAR_EXTENSION,
  });
  return publishOnSourceChange(
    (input: CalendarInput) => JSON.stringify(input),
    (input) => publish(renderCalendarFiles(input, scopes)),
  );
}
