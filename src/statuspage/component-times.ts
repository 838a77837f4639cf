import type { Incident } from '../schemas/incidents.js';
import { formatTimestamp } from '../schemas/service-status.js';
import type { ComponentDays } from './component-days.js';

/** A component's `created_at` and `updated_at`. */
export interface ComponentTimes {
  readonly created_at: string;
  readonly updated_at: string;
}

const DAY_MS = 86_400_000;

/**
 * When a component was first known and when its current state began, from
 * the published history alone (so the probe and the build agree):
 * `created_at` is the start of the first day with data in the uptime
 * document's 90 days, or an older incident's start; `updated_at` is the last
 * change of its ongoing incident, or the end of its latest resolved one, or
 * `created_at`. Without history (or before the component has any), both are
 * `fallback`, the status's `updated_at`. `firstDay` is the uptime document's
 * `first_day`, `days` the component's entry
 * in the uptime document and `own` its incidents: the caller looks them up
 * once for every component, not a scan of the whole document for each.
 */
export function componentTimes(
  firstDay: string | undefined,
  days: ComponentDays['components'][number]['days'] | undefined,
  own: readonly Incident[],
  fallback: string,
): ComponentTimes {
  const index = days?.worst_status.findIndex((day) => day !== null) ?? -1;
  const firstDayMs =
    firstDay === undefined || index < 0 ? undefined : Date.parse(`${firstDay}T00:00:00Z`) + index * DAY_MS;
  const starts = [
    ...(firstDayMs === undefined || Number.isNaN(firstDayMs) ? [] : [firstDayMs]),
    ...own.map((incident) => Date.parse(incident.started_at)),
  ];
  if (starts.length === 0) return { created_at: fallback, updated_at: fallback };
  const createdMs = Math.min(...starts);
  const ongoing = own.find((incident) => incident.resolved_at === null);
  const changes = ongoing
    ? [Date.parse(ongoing.updated_at)]
    : own.flatMap((incident) => (incident.resolved_at === null ? [] : [Date.parse(incident.resolved_at)]));
  const updatedMs = Math.max(createdMs, ...changes);
  return { created_at: formatTimestamp(new Date(createdMs)), updated_at: formatTimestamp(new Date(updatedMs)) };
}
