import { FAILURE_CLASSES, type FailureClass } from '../schemas/failure-class.js';
import { STATUS_VALUES, type StatusValue } from '../schemas/status-value.js';
import type { IncidentRecord } from './advance-incidents.js';

/** An incident as the `incidents` table holds it. */
export interface IncidentRow {
  readonly id: string;
  readonly component: string;
  readonly worst: string;
  readonly started_ms: number;
  readonly resolved_ms: number | null;
  readonly failure_classes: string;
  readonly last_class: string | null;
  readonly last_http_status: number | null;
  readonly regions_saw_outage: number | null;
  readonly regions_configured: number | null;
  readonly updated_ms: number | null;
  readonly notice: string | null;
}

/** An incident's columns in the order of `IncidentRow`, as the store writes them. */
export type IncidentValues = [
  id: string,
  component: string,
  worst: string,
  startedMs: number,
  resolvedMs: number | null,
  failureClasses: string,
  lastClass: string | null,
  lastHttpStatus: number | null,
  regionsSawOutage: number | null,
  regionsConfigured: number | null,
  updatedMs: number,
  notice: string | null,
];

/** The columns an incident is written as. */
export function toIncidentValues(incident: IncidentRecord): IncidentValues {
  return [
    incident.id,
    incident.component,
    incident.worst,
    incident.startedMs,
    incident.resolvedMs,
    incident.failureClasses.join(','),
    incident.lastFailure?.class ?? null,
    incident.lastFailure?.httpStatus ?? null,
    incident.regions?.sawOutage ?? null,
    incident.regions?.configured ?? null,
    incident.updatedMs,
    incident.notice,
  ];
}

/**
 * An incident read back; rows from schema version 1 lack the regions and the
 * time of the last change, rows from before version 3 a notice. Throws a `RangeError` on a state or class this version does not know.
 */
export function toIncident(row: IncidentRow): IncidentRecord {
  const lastClass = row.last_class === null ? null : checkFailureClass(row.last_class);
  return {
    id: row.id,
    component: row.component,
    worst: checkStatus(row.worst),
    startedMs: row.started_ms,
    resolvedMs: row.resolved_ms,
    failureClasses: row.failure_classes === '' ? [] : row.failure_classes.split(',').map(checkFailureClass),
    lastFailure: lastClass === null ? null : { class: lastClass, httpStatus: row.last_http_status },
    regions:
      row.regions_saw_outage === null || row.regions_configured === null
        ? null
        : { sawOutage: row.regions_saw_outage, configured: row.regions_configured },
    updatedMs: row.updated_ms ?? row.resolved_ms ?? row.started_ms,
    notice: row.notice ?? null,
  };
}

// Read back for every render: set lookups rather than a schema parse per field, with the same refusal of unknown values.
const KNOWN_CLASSES: ReadonlySet<string> = new Set(FAILURE_CLASSES);
const KNOWN_STATES: ReadonlySet<string> = new Set(STATUS_VALUES);

function checkFailureClass(value: string): FailureClass {
  if (!KNOWN_CLASSES.has(value))
    throw new RangeError(`history incident: unknown failure class ${JSON.stringify(value)}`);
  return value as FailureClass;
}

function checkStatus(value: string): StatusValue {
  if (!KNOWN_STATES.has(value)) throw new RangeError(`history incident: unknown state ${JSON.stringify(value)}`);
  return value as StatusValue;
}
