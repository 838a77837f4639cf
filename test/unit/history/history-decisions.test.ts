import { describe, expect, it } from 'vitest';
import { advanceIncidents, type IncidentRecord, incidentId } from '../../../src/history/advance-incidents.js';
import { computeUptime } from '../../../src/history/compute-uptime.js';
import {
  type ComponentRecord,
  type CycleRecord,
  countRegions,
  type RegionCount,
} from '../../../src/history/cycle-record.js';
import { decodeCycle, encodeCycle } from '../../../src/history/encode-cycle.js';
import { renderIncident, renderIncidents } from '../../../src/history/render-incidents.js';
import {
  coveredMs,
  type StateMs,
  splitByHour,
  stateMsOf,
  sumOverPeriod,
  worstStateIn,
} from '../../../src/history/state-time.js';
import { classifyFailure } from '../../../src/outbound/classify-failure.js';
import type { FailureReason } from '../../../src/outbound/describe-request-error.js';
import type { VoteResult } from '../../../src/peers/vote-on-component.js';
import type { StatusValue } from '../../../src/schemas/status-value.js';
import { HOUR_MS } from '../../../src/time/time-units.js';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const MINUTE_MS = 60_000;

describe('classifyFailure', () => {
  it.each<[FailureReason, string]>([
    ['refused', 'refused'],
    ['dns', 'dns'],
    ['tls', 'tls'],
    ['reset', 'reset'],
    ['timeout', 'timeout'],
    ['unexpected status 503', 'status'],
    ['error (EHOSTUNREACH)', 'error'],
    ['body at /status is "degraded", expected "ok"', 'body'],
    ['body larger than 1 MiB, not judged', 'body'],
  ])('%s is counted as %s', (reason, expected) => {
    expect(classifyFailure(reason)).toBe(expected);
  });
});

describe('encodeCycle / decodeCycle', () => {
  it('round-trips every state, failure class, status and latency', () => {
    const components = [
      {
        componentId: 7,
        observed: 'major_outage' as const,
        published: 'partial_outage' as const,
        checks: [
          { ok: false, failureClass: 'status' as const, httpStatus: 503, latencyMs: 12 },
          { ok: false, failureClass: 'timeout' as const, httpStatus: null, latencyMs: 5000 },
        ],
      },
      { componentId: 70_000, observed: 'operational' as const, published: 'under_maintenance' as const, checks: [] },
      {
        componentId: 1,
        observed: 'degraded_performance' as const,
        published: 'degraded_performance' as const,
        checks: [{ ok: true, failureClass: null, httpStatus: 200, latencyMs: 1500 }],
      },
    ];
    expect(decodeCycle(encodeCycle(components))).toEqual(components);
  });

  it('refuses a garbled blob rather than inventing states', () => {
    const blob = encodeCycle([{ componentId: 1, observed: 'operational', published: 'operational', checks: [] }]);
    blob.writeUInt8(0xff, 4);
    expect(() => decodeCycle(blob)).toThrow(RangeError);
    expect(() => decodeCycle(blob.subarray(0, 5))).toThrow(RangeError);
  });
});

describe('coveredMs: a published cycle stands for the time until the next one, at most two intervals', () => {
  it.each([
    ['the next cycle on time', 30_000, 30_000],
    ['a late next cycle', 45_000, 45_000],
    ['the probe down for an hour', HOUR_MS, 60_000],
    ['a clock that went backwards', -5_000, 0],
  ])('%s', (_, gapMs, expected) => {
    expect(coveredMs(T0, T0 + gapMs, 30_000)).toBe(expected);
  });
});

describe('splitByHour', () => {
  it('splits a span at hour boundaries', () => {
    expect(splitByHour(T0 - 20_000, 50_000)).toEqual([
      { hourMs: T0 - HOUR_MS, ms: 20_000 },
      { hourMs: T0, ms: 30_000 },
    ]);
    expect(splitByHour(T0, 0)).toEqual([]);
  });
});

describe('sumOverPeriod', () => {
  const hour = (offset: number, status: StatusValue) => ({
    startMs: T0 + offset * HOUR_MS,
    lengthMs: HOUR_MS,
    ms: stateMsOf(status, HOUR_MS),
  });

  it('sums whole buckets and counts a partly covered bucket in proportion', () => {
    const buckets = [hour(0, 'operational'), hour(1, 'major_outage'), hour(2, 'partial_outage')];
    expect(sumOverPeriod(buckets, T0, T0 + 3 * HOUR_MS)).toEqual([HOUR_MS, 0, 0, HOUR_MS, HOUR_MS]);
    expect(sumOverPeriod(buckets, T0 + 30 * MINUTE_MS, T0 + 90 * MINUTE_MS)).toEqual([
      30 * MINUTE_MS,
      0,
      0,
      0,
      30 * MINUTE_MS,
    ]);
    expect(sumOverPeriod(buckets, T0 - HOUR_MS, T0)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('computeUptime: major outage is down, partial outage 30 % down, the rest up, no data left out', () => {
  const minutes = ([a, b, c, d, e]: StateMs): StateMs =>
    [a, b, c, d, e].map((value) => value * MINUTE_MS) as [number, number, number, number, number];
  it.each<[string, StateMs, number, number | null, number]>([
    ['all operational, all day', minutes([1440, 0, 0, 0, 0]), 1440, 100, 100],
    ['one hour of major outage', minutes([1380, 0, 0, 0, 60]), 1440, 95.833, 100],
    ['one hour of partial outage', minutes([1380, 0, 0, 60, 0]), 1440, 98.75, 100],
    ['maintenance and degraded count as up', minutes([0, 720, 720, 0, 0]), 1440, 100, 100],
    ['half the day with no data', minutes([660, 0, 0, 0, 60]), 1440, 91.667, 50],
    ['no data at all', minutes([0, 0, 0, 0, 0]), 1440, null, 0],
  ])('%s', (_, time, periodMinutes, uptime, data) => {
    expect(computeUptime(time, periodMinutes * MINUTE_MS)).toEqual({ uptime_percent: uptime, data_percent: data });
  });

  it('names the worst state that had any time', () => {
    expect(worstStateIn(minutes([10, 0, 1, 0, 0]))).toBe('degraded_performance');
    expect(worstStateIn(minutes([0, 0, 0, 0, 0]))).toBeNull();
  });
});

function component(name: string, published: StatusValue, failures: ComponentRecord['checks'] = []): ComponentRecord {
  return { name, observed: published, published, checks: failures, regions: null, notice: null };
}
const cycle = (minute: number, components: ComponentRecord[]): CycleRecord => ({
  atMs: T0 + minute * MINUTE_MS,
  intervalMs: MINUTE_MS,
  components,
});
const failed503 = { ok: false, failureClass: 'status' as const, httpStatus: 503, latencyMs: 3 };
const refused = { ok: false, failureClass: 'refused' as const, httpStatus: null, latencyMs: 1 };

/** Runs cycles through `advanceIncidents`, keeping every incident by id, as the store does. */
function replay(cycles: CycleRecord[]): IncidentRecord[] {
  const all = new Map<string, IncidentRecord>();
  const ongoing = new Map<string, IncidentRecord>();
  for (const each of cycles) {
    for (const incident of advanceIncidents(ongoing, each)) {
      all.set(incident.id, incident);
      if (incident.resolvedMs === null) ongoing.set(incident.component, incident);
      else ongoing.delete(incident.component);
    }
  }
  return [...all.values()];
}

describe('advanceIncidents', () => {
  it('opens on a worse published state, keeps the worst, the classes and the last failure, and resolves on operational', () => {
    const incidents = replay([
      cycle(0, [component('Scheduler', 'operational')]),
      cycle(1, [component('Scheduler', 'partial_outage', [refused])]),
      cycle(2, [component('Scheduler', 'major_outage', [failed503])]),
      cycle(3, [component('Scheduler', 'partial_outage', [])]),
      cycle(4, [component('Scheduler', 'operational')]),
    ]);
    expect(incidents).toEqual([
      {
        id: incidentId('Scheduler', T0 + MINUTE_MS),
        component: 'Scheduler',
        worst: 'major_outage',
        startedMs: T0 + MINUTE_MS,
        resolvedMs: T0 + 4 * MINUTE_MS,
        failureClasses: ['refused', 'status'],
        lastFailure: { class: 'status', httpStatus: 503 },
        regions: null,
        updatedMs: T0 + 4 * MINUTE_MS,
        notice: null,
      },
    ]);
  });

  const declared = (name: string, published: StatusValue, notice: string): ComponentRecord => ({
    ...component(name, published),
    notice,
  });

  it('opens no incident of its own for a declared state: one linked to the notice, counted like any other', () => {
    const incidents = replay([
      cycle(0, [component('Builds', 'operational')]),
      cycle(1, [declared('Builds', 'partial_outage', 'builds-failing')]),
      cycle(2, [declared('Builds', 'partial_outage', 'builds-failing')]),
      cycle(3, [component('Builds', 'operational')]),
    ]);
    expect(
      incidents.map(({ startedMs, resolvedMs, notice, worst }) => ({ startedMs, resolvedMs, notice, worst })),
    ).toEqual([
      { startedMs: T0 + MINUTE_MS, resolvedMs: T0 + 3 * MINUTE_MS, notice: 'builds-failing', worst: 'partial_outage' },
    ]);
  });

  it("links the probe's ongoing incident to a notice declared during it, and moves updatedMs for the link", () => {
    const incidents = replay([
      cycle(0, [component('Builds', 'major_outage', [refused])]),
      cycle(1, [declared('Builds', 'major_outage', 'builds-failing')]),
      cycle(2, [component('Builds', 'operational')]),
    ]);
    expect(
      incidents.map(({ startedMs, resolvedMs, notice, updatedMs }) => ({ startedMs, resolvedMs, notice, updatedMs })),
    ).toEqual([
      { startedMs: T0, resolvedMs: T0 + 2 * MINUTE_MS, notice: 'builds-failing', updatedMs: T0 + 2 * MINUTE_MS },
    ]);
  });

  it("ends the notice's incident when its declaration ends while the component stays down: the probe's own begins, linked in turn to a later notice", () => {
    const incidents = replay([
      cycle(0, [declared('Builds', 'partial_outage', 'builds-failing')]),
      cycle(1, [component('Builds', 'partial_outage', [refused])]),
      cycle(2, [declared('Builds', 'major_outage', 'builds-down')]),
      cycle(3, [component('Builds', 'operational')]),
    ]);
    expect(incidents.map(({ startedMs, resolvedMs, notice }) => ({ startedMs, resolvedMs, notice }))).toEqual([
      { startedMs: T0, resolvedMs: T0 + MINUTE_MS, notice: 'builds-failing' },
      // The probe's own, until another notice declared the component: then linked to that one.
      { startedMs: T0 + MINUTE_MS, resolvedMs: T0 + 3 * MINUTE_MS, notice: 'builds-down' },
    ]);
  });

  it.each<[string, CycleRecord[], number]>([
    [
      'opened and unchanged since',
      [
        cycle(0, [component('A', 'partial_outage', [refused])]),
        cycle(1, [component('A', 'partial_outage', [refused])]),
      ],
      0,
    ],
    [
      'a worse state',
      [
        cycle(0, [component('A', 'partial_outage')]),
        cycle(1, [component('A', 'major_outage')]),
        cycle(2, [component('A', 'partial_outage')]),
      ],
      1,
    ],
    [
      'a new failure class',
      [
        cycle(0, [component('A', 'major_outage', [refused])]),
        cycle(1, [component('A', 'major_outage', [refused])]),
        cycle(2, [component('A', 'major_outage', [failed503])]),
      ],
      2,
    ],
    [
      'a wider vote',
      [
        cycle(0, [{ ...component('A', 'major_outage'), regions: { sawOutage: 2, configured: 3 } }]),
        cycle(1, [{ ...component('A', 'major_outage'), regions: { sawOutage: 3, configured: 3 } }]),
        cycle(2, [{ ...component('A', 'major_outage'), regions: { sawOutage: 2, configured: 3 } }]),
      ],
      1,
    ],
    [
      'the resolution',
      [
        cycle(0, [component('A', 'major_outage')]),
        cycle(1, [component('A', 'major_outage')]),
        cycle(5, [component('A', 'operational')]),
      ],
      5,
    ],
  ])('moves updatedMs only when the incident says something new: %s', (_case, cycles, minute) => {
    expect(replay(cycles).map((incident) => incident.updatedMs)).toEqual([T0 + minute * MINUTE_MS]);
  });

  const seenFrom = (sawOutage: number, configured: number): RegionCount => ({ sawOutage, configured });
  it.each<[string, (RegionCount | null)[], RegionCount | null]>([
    ['a regional component (no vote)', [null, null], null],
    [
      'a global component seen by 2, then 3, then 1 of 4',
      [seenFrom(2, 4), seenFrom(3, 4), seenFrom(1, 4)],
      seenFrom(3, 4),
    ],
    ['the widest count stays when a later cycle had no vote', [seenFrom(3, 4), null], seenFrom(3, 4)],
    ['a vote taken only later in the incident', [null, seenFrom(2, 3)], seenFrom(2, 3)],
    ['on a tie the later count wins (a peer was added)', [seenFrom(2, 3), seenFrom(2, 4)], seenFrom(2, 4)],
    ['no region saw an outage (degraded from every one)', [seenFrom(0, 3)], seenFrom(0, 3)],
  ])('records how many regions saw it: %s', (_case, counts, expected) => {
    const incidents = replay([
      ...counts.map((regions, minute) => cycle(minute, [{ ...component('Registry', 'major_outage'), regions }])),
      cycle(counts.length, [component('Registry', 'operational')]),
    ]);
    expect(incidents.map((incident) => incident.regions)).toEqual([expected]);
  });

  it.each<[StatusValue, number]>([
    ['degraded_performance', 1],
    ['partial_outage', 1],
    ['major_outage', 1],
    ['under_maintenance', 0],
    ['operational', 0],
  ])('a component published %s opens %i incident(s)', (status, count) => {
    expect(replay([cycle(0, [component('Registry', status)])])).toHaveLength(count);
  });

  it('resolves an incident when maintenance starts, and when its component is no longer probed', () => {
    const incidents = replay([
      cycle(0, [component('A', 'major_outage'), component('B', 'major_outage')]),
      cycle(1, [component('A', 'under_maintenance'), component('B', 'major_outage')]),
      cycle(2, [component('A', 'under_maintenance')]),
    ]);
    expect(incidents.map((incident) => [incident.component, incident.resolvedMs])).toEqual([
      ['A', T0 + MINUTE_MS],
      ['B', T0 + 2 * MINUTE_MS],
    ]);
  });

  it('gives two outages of one component two ids, stable from the component and the start', () => {
    const incidents = replay([
      cycle(0, [component('A', 'major_outage')]),
      cycle(1, [component('A', 'operational')]),
      cycle(2, [component('A', 'major_outage')]),
    ]);
    expect(incidents.map((incident) => incident.id)).toEqual([
      'a-20261122T100000Z-559aea',
      'a-20261122T100200Z-559aea',
    ]);
    expect(incidentId('Build Service', T0)).not.toBe(incidentId('build-service', T0));
  });
});

describe('countRegions', () => {
  const vote = (configured: number, outageVotes: number, outcome: VoteResult['outcome']): VoteResult => ({
    status: 'major_outage',
    outcome,
    configured,
    quorum: Math.floor(configured / 2) + 1,
    votes: [],
    outageVotes,
  });
  it.each<[string, VoteResult | undefined, RegionCount | null]>([
    ['a regional component', undefined, null],
    ['a global component in a region without peers', vote(1, 1, 'decided'), null],
    ['a decided vote', vote(4, 3, 'decided'), { sawOutage: 3, configured: 4 }],
    ['a vote without quorum still counts who saw it', vote(3, 1, 'no_quorum'), { sawOutage: 1, configured: 3 }],
  ])('%s', (_case, given, expected) => {
    expect(countRegions(given)).toEqual(expected);
  });

  it('is published as saw_outage and configured', () => {
    const incident: IncidentRecord = {
      id: 'a',
      component: 'Registry',
      worst: 'major_outage',
      startedMs: T0,
      resolvedMs: null,
      failureClasses: [],
      lastFailure: null,
      regions: { sawOutage: 3, configured: 4 },
      updatedMs: T0,
      notice: null,
    };
    expect(renderIncident(incident, T0).regions).toEqual({ saw_outage: 3, configured: 4 });
    expect(renderIncident({ ...incident, regions: null }, T0).regions).toBeNull();
  });
});

describe('renderIncidents', () => {
  const incident = (id: string, startedMs: number, resolvedMs: number | null): IncidentRecord => ({
    id,
    component: 'A',
    worst: 'major_outage',
    startedMs,
    resolvedMs,
    failureClasses: ['timeout'],
    lastFailure: { class: 'timeout', httpStatus: null },
    regions: null,
    updatedMs: resolvedMs ?? startedMs,
    notice: null,
  });

  it('lists ongoing incidents and those resolved in the last 90 days, newest first, ongoing ones to now', () => {
    const now = new Date(T0);
    const day = 24 * HOUR_MS;
    const document = renderIncidents('Amsterdam 1', now, [
      incident('old', T0 - 100 * day, T0 - 91 * day),
      incident('recent', T0 - 2 * day, T0 - 2 * day + 90_000),
      incident('ongoing', T0 - 60_000, null),
      incident('long', T0 - 120 * day, T0 - 80 * day),
    ]);
    expect(document.incidents.map((each) => [each.id, each.resolved_at, each.duration_seconds])).toEqual([
      ['ongoing', null, 60],
      ['recent', '2026-11-20T10:01:30Z', 90],
      ['long', '2026-09-03T10:00:00Z', 40 * 24 * 3600],
    ]);
  });
});
