import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DOCUMENT_SCHEMAS } from '../../../src/openapi/document-schemas.js';
import { renderJsonSchema } from '../../../src/openapi/to-json-schema.js';
import { RegionsFileSchema } from '../../../src/schemas/region.js';
import { renderError } from '../../../src/server/json-error.js';
import { renderRegions } from '../../../src/site/render-regions.js';
import {
  sampleComponentHistories,
  sampleIncidents,
  sampleMonthlyReport,
  sampleNotices,
  sampleUptime,
} from '../../helpers/document-fixtures.js';
import { REGIONS_FILE } from '../../helpers/fixtures.js';
import { sampleObservations } from '../../helpers/observations-fixture.js';
import { sampleStatus } from '../../helpers/status-fixture.js';
import { sampleStatuspageDocuments } from '../../helpers/statuspage-fixture.js';

const regionsDocument = JSON.parse(
  renderRegions(RegionsFileSchema.parse(JSON.parse(readFileSync(REGIONS_FILE, 'utf8')))),
);
const region = { code: 'ams1', name: 'Amsterdam 1', zone: 'eu-west', country: 'NL', status: 'operational' };
const status = sampleStatus({ updated_at: '2026-11-21T04:37:59Z' });
const uptime = sampleUptime();
const [uptimeComponent] = uptime.components;
const [componentHistory] = sampleComponentHistories();
const [historyDay] = componentHistory?.days ?? [];
/** The sample component's day columns with entry 0 of `column` replaced by `value`. */
const withFirstDay = (column: 'uptime_percent' | 'worst_status' | 'down_seconds', value: unknown) => ({
  ...uptime,
  components: [
    {
      ...uptimeComponent,
      days: { ...uptimeComponent?.days, [column]: [value, ...(uptimeComponent?.days[column] ?? []).slice(1)] },
    },
  ],
});
const incidents = sampleIncidents();
const [incident] = incidents.incidents;
const notices = sampleNotices();
const [incidentNotice, maintenanceNotice] = notices.notices;
const observations = sampleObservations();
const heardHeartbeat = {
  name: 'Nightly Build',
  every_seconds: 3600,
  grace_seconds: 300,
  last_push_at: '2026-11-21T04:10:00Z',
  not_judged_until: null,
};
const waitingHeartbeat = {
  ...heardHeartbeat,
  name: 'Backups',
  last_push_at: null,
  not_judged_until: '2026-11-21T06:05:00Z',
};
const heartbeats = {
  version: 'v1',
  region: 'Amsterdam 1',
  updated_at: '2026-11-21T05:00:00Z',
  components: [heardHeartbeat, waitingHeartbeat],
};
const [globalObservation, regionalObservation] = observations.components;
const v2 = sampleStatuspageDocuments() as Record<string, Record<string, unknown[] & Record<string, unknown>>>;
const summary = v2['/api/v2/summary.json'] ?? {};
const page = summary.page;
const [group, member] = (summary.components ?? []) as Record<string, unknown>[];
const v2Incidents = v2['/api/v2/incidents.json'] ?? {};
const [v2Incident] = (v2Incidents.incidents ?? []) as Record<string, unknown>[];
const v2Maintenances = v2['/api/v2/scheduled-maintenances.json'] ?? {};
const [v2Maintenance] = (v2Maintenances.scheduled_maintenances ?? []) as Record<string, unknown>[];

function compile(schema: z.ZodType) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(JSON.parse(renderJsonSchema(schema)));
}

type Case = readonly [description: string, document: unknown, valid: boolean];

function schemaNamed(name: string): z.ZodType {
  const document = DOCUMENT_SCHEMAS.find((each) => each.name === name);
  if (document === undefined) throw new Error(`no published JSON Schema is named ${name}`);
  return document.schema;
}

/** Keyed by the schema's OpenAPI component name. */
const CASES: Record<string, readonly Case[]> = {
  RegionList: [
    ['the built regions document', regionsDocument, true],
    ['an empty list', { object: 'list', data: [] }, true],
    ['a country that is not ISO 3166-1', { object: 'list', data: [{ ...region, country: 'XX' }] }, false],
    ['a country name', { object: 'list', data: [{ ...region, country: 'Germany' }] }, false],
    ['a code without a digit', { object: 'list', data: [{ ...region, code: 'ams' }] }, false],
    ['a name with trailing space', { object: 'list', data: [{ ...region, name: 'Amsterdam 1 ' }] }, false],
    ['an unknown status', { object: 'list', data: [{ ...region, status: 'ok' }] }, false],
    ['an extra field', { object: 'list', data: [{ ...region, id: 7 }] }, false],
    ['a missing zone', { object: 'list', data: [{ ...region, zone: undefined }] }, false],
    ['pagination fields', { object: 'list', data: [], has_more: false }, false],
    ['a wrong object label', { object: 'regions', data: [] }, false],
  ],
  ServiceStatus: [
    ['a status document', status, true],
    ['a status with no components', { ...status, components: [] }, true],
    ['a degraded component', { ...status, components: [{ name: 'Registry', status: 'major_outage' }] }, true],
    ['milliseconds in updated_at', { ...status, updated_at: '2026-11-21T04:37:59.000Z' }, false],
    ['an offset in updated_at', { ...status, updated_at: '2026-11-21T04:37:59+01:00' }, false],
    ['version v2', { ...status, version: 'v2' }, false],
    ['a missing region', { ...status, region: undefined }, false],
    ['an empty region', { ...status, region: '' }, false],
    ['an extra field', { ...status, uptime: 1 }, false],
    ['a component without status', { ...status, components: [{ name: 'Registry' }] }, false],
  ],
  Uptime: [
    ['a 90-day uptime document for four components', uptime, true],
    ['no components yet', { ...uptime, components: [] }, true],
    [
      'a period with no data',
      {
        ...uptime,
        components: [
          {
            ...uptimeComponent,
            uptime: { ...uptimeComponent?.uptime, last_24h: { uptime_percent: null, data_percent: 0 } },
          },
        ],
      },
      true,
    ],
    [
      'an uptime above 100 %',
      {
        ...uptime,
        components: [
          {
            ...uptimeComponent,
            uptime: { ...uptimeComponent?.uptime, last_7d: { uptime_percent: 100.5, data_percent: 100 } },
          },
        ],
      },
      false,
    ],
    [
      'a missing period',
      { ...uptime, components: [{ ...uptimeComponent, uptime: { ...uptimeComponent?.uptime, last_90d: undefined } }] },
      false,
    ],
    ['a day with no data', withFirstDay('uptime_percent', null), true],
    ['an unknown worst status', withFirstDay('worst_status', 'down'), false],
    ['fractional down seconds', withFirstDay('down_seconds', 1.5), false],
    [
      'a column of 89 days',
      {
        ...uptime,
        components: [{ ...uptimeComponent, days: { ...uptimeComponent?.days, down_seconds: Array(89).fill(0) } }],
      },
      false,
    ],
    ['a slug with capitals', { ...uptime, components: [{ ...uptimeComponent, slug: 'Control-API' }] }, false],
    ['no first day', { ...uptime, first_day: undefined }, false],
    [
      'hourly latency, which is in the detail document',
      { ...uptime, components: [{ ...uptimeComponent, latency: [] }] },
      false,
    ],
    ['an interval of zero', { ...uptime, interval_seconds: 0 }, false],
    ['no interval', { ...uptime, interval_seconds: undefined }, false],
    ['an extra field', { ...uptime, sla: 99.9 }, false],
  ],
  Incidents: [
    ['one ongoing and one resolved incident', incidents, true],
    ['no incidents', { ...incidents, incidents: [] }, true],
    [
      'a missing resolved_at (null is required while ongoing)',
      { ...incidents, incidents: [{ ...incident, resolved_at: undefined }] },
      false,
    ],
    ['an unknown failure class', { ...incidents, incidents: [{ ...incident, failure_classes: ['gremlins'] }] }, false],
    ['a negative duration', { ...incidents, incidents: [{ ...incident, duration_seconds: -1 }] }, false],
    [
      'an HTTP status out of range',
      { ...incidents, incidents: [{ ...incident, last_failure: { class: 'status', http_status: 600 } }] },
      false,
    ],
    [
      'a start with milliseconds',
      { ...incidents, incidents: [{ ...incident, started_at: '2026-11-21T04:30:00.000Z' }] },
      false,
    ],
    ['an empty id', { ...incidents, incidents: [{ ...incident, id: '' }] }, false],
  ],
  Notices: [
    ['an incident notice and a maintenance', notices, true],
    ['no notices', { version: 'v1', notices: [] }, true],
    ['an incident in a maintenance state', { ...notices, notices: [{ ...incidentNotice, state: 'scheduled' }] }, false],
    ['a maintenance without its window', { ...notices, notices: [{ ...maintenanceNotice, window: undefined }] }, false],
    ['an unknown kind', { ...notices, notices: [{ ...incidentNotice, kind: 'outage' }] }, false],
    ['a notice without updates', { ...notices, notices: [{ ...incidentNotice, updates: [] }] }, false],
    ['an id with capitals', { ...notices, notices: [{ ...incidentNotice, id: 'Scheduler' }] }, false],
    ['a missing version', { notices: [] }, false],
  ],
  Observations: [
    ['an observations document', observations, true],
    ['no peers and no components', { ...observations, components: [], peers: [] }, true],
    ['a region name instead of a code', { ...observations, region: 'Amsterdam 1' }, false],
    ['milliseconds in observed_at', { ...observations, observed_at: '2026-11-21T04:37:59.000Z' }, false],
    ['an unknown scope', { ...observations, components: [{ ...regionalObservation, scope: 'local' }] }, false],
    [
      'an unknown failure class',
      { ...observations, components: [{ ...regionalObservation, failure_class: 'oops' }] },
      false,
    ],
    ['a negative latency', { ...observations, components: [{ ...regionalObservation, latency_ms: -1 }] }, false],
    [
      'a vote without its tally',
      { ...observations, components: [{ ...globalObservation, vote: { outcome: 'decided', status: 'operational' } }] },
      false,
    ],
    ['an unknown peer outcome', { ...observations, peers: [{ ...observations.peers[0], outcome: 'late' }] }, false],
    ['an extra field', { ...observations, status: 'operational' }, false],
  ],
  Heartbeats: [
    ['a heartbeats document', heartbeats, true],
    ['one never heard from', { ...heartbeats, components: [waitingHeartbeat] }, true],
    ['no components', { ...heartbeats, components: [] }, true],
    ['every_seconds of 0', { ...heartbeats, components: [{ ...heardHeartbeat, every_seconds: 0 }] }, false],
    ['a fractional grace', { ...heartbeats, components: [{ ...heardHeartbeat, grace_seconds: 1.5 }] }, false],
    [
      'a missing last_push_at',
      { ...heartbeats, components: [{ ...waitingHeartbeat, last_push_at: undefined }] },
      false,
    ],
    ['milliseconds in updated_at', { ...heartbeats, updated_at: '2026-11-21T05:00:00.000Z' }, false],
    ['an extra field', { ...heartbeats, components: [{ ...heardHeartbeat, message: 'ok' }] }, false],
  ],
  StatuspageSummary: [
    ['the sample summary', summary, true],
    ['an indicator Statuspage does not know', { ...summary, status: { indicator: 'ok', description: 'x' } }, false],
    ['a component id of capitals', { ...summary, components: [{ ...member, id: 'ABCDEFGHIJKL' }] }, false],
    ['a group without its components', { ...summary, components: [{ ...group, components: undefined }] }, false],
    [
      'a resolved incident among the unresolved',
      { ...summary, incidents: [{ ...v2Incident, status: 'resolved' }] },
      false,
    ],
    ['a page without its time zone', { ...summary, page: { ...page, time_zone: undefined } }, false],
  ],
  StatuspageStatusDocument: [
    ['the sample status', v2['/api/v2/status.json'], true],
    ['maintenance as the indicator', { page, status: { indicator: 'maintenance', description: 'x' } }, true],
    ['no description', { page, status: { indicator: 'none' } }, false],
  ],
  StatuspageComponents: [
    ['the sample components', v2['/api/v2/components.json'], true],
    ['a status Statuspage does not know', { page, components: [{ ...member, status: 'down' }] }, false],
    ['a position of 0', { page, components: [{ ...member, position: 0 }] }, false],
  ],
  StatuspageIncidents: [
    ['the sample incidents', v2Incidents, true],
    ['an unknown impact', { page, incidents: [{ ...v2Incident, impact: 'severe' }] }, false],
    ['an incident without updates', { page, incidents: [{ ...v2Incident, incident_updates: [] }] }, false],
    ['a maintenance state', { page, incidents: [{ ...v2Incident, status: 'in_progress' }] }, false],
  ],
  StatuspageUnresolvedIncidents: [
    ['the sample unresolved incidents', v2['/api/v2/incidents/unresolved.json'], true],
    ['a postmortem', { page, incidents: [{ ...v2Incident, status: 'postmortem' }] }, false],
  ],
  StatuspageMaintenances: [
    ['the sample maintenances', v2Maintenances, true],
    ['no scheduled_until', { page, scheduled_maintenances: [{ ...v2Maintenance, scheduled_until: undefined }] }, false],
    ['an incident state', { page, scheduled_maintenances: [{ ...v2Maintenance, status: 'investigating' }] }, false],
  ],
  StatuspageUpcomingMaintenances: [
    ['the sample upcoming maintenance', v2['/api/v2/scheduled-maintenances/upcoming.json'], true],
    ['a completed one', { page, scheduled_maintenances: [{ ...v2Maintenance, status: 'completed' }] }, false],
  ],
  StatuspageActiveMaintenances: [
    ['the sample active maintenance', v2['/api/v2/scheduled-maintenances/active.json'], true],
    ['one still scheduled', { page, scheduled_maintenances: [{ ...v2Maintenance, status: 'scheduled' }] }, false],
  ],
  ComponentHistory: [
    ['90 days and 24 hours of one component', componentHistory, true],
    ['no slug', { ...componentHistory, slug: undefined }, false],
    ['89 days', { ...componentHistory, days: componentHistory?.days.slice(1) }, false],
    [
      'a day that is not a date',
      {
        ...componentHistory,
        days: [{ ...historyDay, date: '21/11/2026' }, ...(componentHistory?.days.slice(1) ?? [])],
      },
      false,
    ],
    [
      'a fractional latency',
      { ...componentHistory, latency: [{ hour: '2026-11-21T04:00:00Z', p50_ms: 1.5, p95_ms: 2, p99_ms: 3 }] },
      false,
    ],
    [
      'an hour without its p99',
      { ...componentHistory, latency: [{ hour: '2026-11-21T04:00:00Z', p50_ms: 1, p95_ms: 2 }] },
      false,
    ],
    [
      'a day without its percentiles',
      {
        ...componentHistory,
        days: [
          { ...historyDay, p50_ms: undefined, p95_ms: undefined, p99_ms: undefined },
          ...(componentHistory?.days.slice(1) ?? []),
        ],
      },
      false,
    ],
    [
      'a negative p95 on a day',
      { ...componentHistory, days: [{ ...historyDay, p95_ms: -1 }, ...(componentHistory?.days.slice(1) ?? [])] },
      false,
    ],
    ['an extra field', { ...componentHistory, sla: 99.9 }, false],
  ],
  MonthlyReport: [
    ['the running month as the probe writes it', sampleMonthlyReport(), true],
    ['a closed month', { ...sampleMonthlyReport(), closed: true, until: '2026-12-01T00:00:00Z' }, true],
    ['month 13', { ...sampleMonthlyReport(), month: '2026-13' }, false],
    ['no closed flag', { ...sampleMonthlyReport(), closed: undefined }, false],
    [
      'an objective of 100 %',
      {
        ...sampleMonthlyReport(),
        components: sampleMonthlyReport().components.map((component) => ({
          ...component,
          error_budget: component.error_budget && { ...component.error_budget, slo_percent: 100 },
        })),
      },
      false,
    ],
    [
      'a fractional p95',
      {
        ...sampleMonthlyReport(),
        components: sampleMonthlyReport().components.map((component) => ({ ...component, p95_ms: 1.5 })),
      },
      false,
    ],
    ['an extra field', { ...sampleMonthlyReport(), sla: 99.9 }, false],
  ],
  ErrorBody: [
    ['the server error body', JSON.parse(renderError('not_found', 'no such resource').toString()), true],
    ['an unknown code', { error: { code: 'teapot', message: 'short and stout' } }, false],
    ['an empty message', { error: { code: 'not_found', message: '' } }, false],
    ['a bare message', { message: 'nope' }, false],
  ],
};

it('has cases for every JSON Schema the build publishes', () => {
  expect(Object.keys(CASES)).toEqual(DOCUMENT_SCHEMAS.map((document) => document.name));
});

describe.each(Object.entries(CASES))('the %s JSON Schema', (name, cases) => {
  const schema = schemaNamed(name);
  const validate = compile(schema);

  it.each(cases)('judges %s as the zod schema does', (_description, document, valid) => {
    // JSON round trip: `undefined` fields are absent on the wire.
    const wire: unknown = JSON.parse(JSON.stringify(document));
    expect(validate(wire)).toBe(valid);
    expect(schema.safeParse(wire).success).toBe(valid);
  });
});

describe('renderJsonSchema', () => {
  it('declares the 2020-12 dialect and renders the same bytes every time', () => {
    const text = renderJsonSchema(schemaNamed('ServiceStatus'));
    expect(JSON.parse(text).$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(renderJsonSchema(schemaNamed('ServiceStatus'))).toBe(text);
  });
});
