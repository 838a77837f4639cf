import { COMPONENT_FEEDS_PATH, MAINTENANCE_CALENDAR_PATH } from '../api-paths.js';
import { listCalendarScopes } from '../calendar/calendar-files.js';
import { createCalendarsPublisher } from '../calendar/publish-calendars.js';
import type { MaintenanceWindow } from '../schemas/maintenance-window.js';
import type { PublishStep, StepParts } from './publish-step.js';

export interface CalendarsSources {
  /** `public_url`: each event links to the page. */
  readonly publicUrl: string | undefined;
  /** The configured components, each of which gets a calendar. */
  readonly components: readonly { readonly name: string }[];
  /** `maintenance[]` of the config. */
  readonly windows: readonly MaintenanceWindow[];
}

/**
 * Writes `/feeds/maintenance.ics` and each component's calendar from the
 * notices the cycle applied and the config's windows, when they change
 * (`createCalendarsPublisher`), as the build and the maintenance commands do.
 */
export function publishCalendarsStep(
  { publicDir }: StepParts,
  { publicUrl, components, windows }: CalendarsSources,
): PublishStep {
  const publish = createCalendarsPublisher(publicDir, listCalendarScopes(components));
  return {
    name: 'maintenance calendars',
    failed: 'not written',
    owns: { paths: [MAINTENANCE_CALENDAR_PATH], directories: [COMPONENT_FEEDS_PATH] },
    async run({ notices }) {
      // Left as they are while the notices cannot be read, as the feeds are.
      if (notices === undefined) return undefined;
      await publish({ notices, windows, publicUrl });
      return undefined;
    },
  };
}
