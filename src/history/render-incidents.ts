import type { Incident, IncidentsDocument } from '../schemas/incidents.js';
import { formatTimestamp } from '../schemas/service-status.js';
import { DAY_MS } from '../time/time-units.js';
import type { IncidentRecord } from './advance-incidents.js';

/** How far back the incidents document reaches. */
export const INCIDENTS_WINDOW_MS = 90 * DAY_MS;

/** Newest first; two incidents that started together are ordered by id, so the bytes never depend on row order. */
export function compareIncidents(a: IncidentRecord, b: IncidentRecord): number {
  return b.startedMs - a.startedMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** An incident as published; an ongoing one lasts until `nowMs`. */
export function renderIncident(incident: IncidentRecord, nowMs: number): Incident {
  const endMs = incident.resolvedMs ?? nowMs;
  return {
    id: incident.id,
    component: incident.component,
    worst_status: incident.worst,
    started_at: formatTimestamp(new Date(incident.startedMs)),
    resolved_at: incident.resolvedMs === null ? null : formatTimestamp(new Date(incident.resolvedMs)),
    updated_at: formatTimestamp(new Date(incident.updatedMs)),
    duration_seconds: Math.max(0, Math.round((endMs - incident.startedMs) / 1000)),
    failure_classes: [...incident.failureClasses],
    last_failure:
      incident.lastFailure === null
        ? null
        : { class: incident.lastFailure.class, http_status: incident.lastFailure.httpStatus },
    regions:
      incident.regions === null
        ? null
        : { saw_outage: incident.regions.sawOutage, configured: incident.regions.configured },
    notice: incident.notice,
  };
}

/** The `/api/v1/incidents` document: ongoing ones, and those resolved within the last 90 days, newest first. */
export function renderIncidents(
  regionName: string,
  now: Date,
  incidents: readonly IncidentRecord[],
): IncidentsDocument {
  const nowMs = now.getTime();
  return {
    version: 'v1',
    region: regionName,
    generated_at: formatTimestamp(now),
    incidents: incidents
      .filter((incident) => incident.resolvedMs === null || incident.resolvedMs >= nowMs - INCIDENTS_WINDOW_MS)
      .sort(compareIncidents)
      .map((incident) => renderIncident(incident, nowMs)),
  };
}
