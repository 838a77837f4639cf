import { describe, expect, it } from 'vitest';
import type { IncidentRecord } from '../../../src/history/advance-incidents.js';
import { type IncidentRow, toIncident, toIncidentValues } from '../../../src/history/incident-row.js';

const T0 = Date.parse('2026-11-22T10:00:00Z');

const incident: IncidentRecord = {
  id: 'api-1',
  component: 'api',
  worst: 'major_outage',
  startedMs: T0,
  resolvedMs: T0 + 60_000,
  failureClasses: ['status', 'timeout'],
  lastFailure: { class: 'timeout', httpStatus: null },
  regions: { sawOutage: 2, configured: 3 },
  updatedMs: T0 + 60_000,
  notice: null,
};

/** The row the `incidents` table holds for these values, columns in `IncidentRow` order. */
function rowOf(values: ReturnType<typeof toIncidentValues>): IncidentRow {
  const [
    id,
    component,
    worst,
    started_ms,
    resolved_ms,
    failure_classes,
    last_class,
    last_http_status,
    regions_saw_outage,
    regions_configured,
    updated_ms,
    notice,
  ] = values;
  return {
    id,
    component,
    worst,
    started_ms,
    resolved_ms,
    failure_classes,
    last_class,
    last_http_status,
    regions_saw_outage,
    regions_configured,
    updated_ms,
    notice,
  };
}

describe('incident rows', () => {
  it('round-trips an incident through its columns', () => {
    expect(toIncident(rowOf(toIncidentValues(incident)))).toEqual(incident);
  });

  it.each<[string, Partial<IncidentRow>, Partial<IncidentRecord>]>([
    ['a resolved schema-1 row was last updated when it was resolved', { updated_ms: null }, { updatedMs: T0 + 60_000 }],
    [
      'an ongoing schema-1 row was last updated when it started',
      { updated_ms: null, resolved_ms: null },
      { updatedMs: T0, resolvedMs: null },
    ],
    ['a row without a vote among regions has no regions', { regions_saw_outage: null }, { regions: null }],
    [
      'a row without classes has none',
      { failure_classes: '', last_class: null },
      { failureClasses: [], lastFailure: null },
    ],
  ])('%s', (_, columns, expected) => {
    expect(toIncident({ ...rowOf(toIncidentValues(incident)), ...columns })).toEqual({ ...incident, ...expected });
  });

  it.each<[string, Partial<IncidentRow>]>([
    ['an unknown state', { worst: 'on_fire' }],
    ['an unknown failure class', { failure_classes: 'status,gremlins' }],
    ['an unknown last class', { last_class: 'gremlins' }],
  ])('refuses %s', (_, columns) => {
    expect(() => toIncident({ ...rowOf(toIncidentValues(incident)), ...columns })).toThrow(RangeError);
  });
});
