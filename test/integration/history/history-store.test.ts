import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WriterFencedError } from '../../../src/errors/writer-fenced-error.js';
import { computeUptime } from '../../../src/history/compute-uptime.js';
import type { CycleRecord } from '../../../src/history/cycle-record.js';
import type { HistoryStore } from '../../../src/history/history-store.js';
import { createLatencySketch, summarizeSketch } from '../../../src/history/latency-sketch.js';
import { createHistoryRenderCache, renderHistoryDocuments } from '../../../src/history/render-history-documents.js';
import { serializeComponentHistory, serializeUptime } from '../../../src/history/serialize-uptime.js';
import { openSqliteHistoryStore } from '../../../src/history/sqlite-history-store.js';
import {
  addStateMs,
  coveredMs,
  NO_TIME,
  type StateMs,
  stateMsOf,
  sumOverPeriod,
} from '../../../src/history/state-time.js';
import { ComponentHistoryDocumentSchema } from '../../../src/schemas/component-history.js';
import { IncidentsDocumentSchema } from '../../../src/schemas/incidents.js';
import type { StatusValue } from '../../../src/schemas/status-value.js';
import { UptimeDocumentSchema } from '../../../src/schemas/uptime.js';
import { DEFAULT_RETENTION } from '../../../src/settings/history-retention.js';
import { DAY_MS, HOUR_MS } from '../../../src/time/time-units.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const T0 = Date.parse('2026-11-01T00:00:00Z');
const MINUTE_MS = 60_000;
let dir: string;
let store: HistoryStore | undefined;

const tempDir = tempDirsPerTest();
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => {
  store?.close();
  store = undefined;
});

const open = () => {
  store = openSqliteHistoryStore(join(dir, 'history.sqlite'));
  return store;
};
const cycleAt = (atMs: number, intervalMs: number, states: Record<string, StatusValue>): CycleRecord => ({
  atMs,
  intervalMs,
  components: Object.entries(states).map(([name, published]) => ({
    name,
    observed: published,
    published,
    checks: [
      {
        ok: published === 'operational',
        failureClass: published === 'operational' ? null : 'status',
        httpStatus: published === 'operational' ? 200 : 503,
        latencyMs: 10,
      },
    ],
    regions: null,
    notice: null,
  })),
});

/** The accounting rule applied straight to the raw cycles: each stands for the time to the next, capped. */
function rawTime(cycles: readonly CycleRecord[], name: string, fromMs: number, toMs: number, nowMs: number): StateMs {
  let sum: StateMs = NO_TIME;
  cycles.forEach((cycle, index) => {
    const state = cycle.components.find((component) => component.name === name)?.published;
    if (state === undefined) return;
    const span = coveredMs(cycle.atMs, cycles[index + 1]?.atMs ?? nowMs, cycle.intervalMs);
    sum = addStateMs(
      sum,
      sumOverPeriod([{ startMs: cycle.atMs, lengthMs: span, ms: stateMsOf(state, span) }], fromMs, toMs),
    );
  });
  return sum;
}

function timeOf(history: HistoryStore, name: string, fromMs: number, toMs: number, nowMs: number): StateMs {
  const component = history.readBuckets(fromMs, toMs, nowMs).components.find((each) => each.name === name);
  return sumOverPeriod(component?.buckets ?? [], fromMs, toMs);
}

describe('the SQLite history store', () => {
  it('leaves time when the probe was down out of the uptime, and says how much of the period had data', () => {
    const history = open();
    const cycles: CycleRecord[] = [];
    for (let at = T0; at < T0 + HOUR_MS; at += 30_000) cycles.push(cycleAt(at, 30_000, { A: 'operational' }));
    // The probe is down for an hour, then sees a major outage for an hour.
    for (let at = T0 + 2 * HOUR_MS; at < T0 + 3 * HOUR_MS; at += 30_000)
      cycles.push(cycleAt(at, 30_000, { A: 'major_outage' }));
    for (const cycle of cycles) history.recordCycle(cycle, DEFAULT_RETENTION);
    const nowMs = T0 + 3 * HOUR_MS;
    const time = timeOf(history, 'A', nowMs - DAY_MS, nowMs, nowMs);
    // The last operational cycle stands for two intervals (60 s), not for the hour without cycles.
    expect(time).toEqual([HOUR_MS + 30_000, 0, 0, 0, HOUR_MS]);
    expect(computeUptime(time, DAY_MS)).toEqual({ uptime_percent: 50.207, data_percent: 8.368 });
  });

  it('ends the last published cycle at a cycle that published nothing (connectivity check failed)', () => {
    const history = open();
    history.recordCycle(cycleAt(T0, 30_000, { A: 'operational' }), DEFAULT_RETENTION);
    history.recordGap(T0 + 10_000, 30_000);
    history.recordGap(T0 + 40_000, 30_000);
    expect(timeOf(history, 'A', T0, T0 + HOUR_MS, T0 + HOUR_MS)).toEqual([10_000, 0, 0, 0, 0]);
  });

  it('gives the same uptime from hourly and daily roll-ups as from the raw cycles they replace', () => {
    const history = open();
    const cycles: CycleRecord[] = [];
    const intervalMs = 5 * MINUTE_MS;
    // Three days, with an outage, a partial outage across midnight and two probe outages.
    for (let at = T0; at < T0 + 3 * DAY_MS; at += intervalMs) {
      const hour = (at - T0) / HOUR_MS;
      if ((hour >= 10 && hour < 12.5) || (hour >= 50 && hour < 51)) continue;
      let state: StatusValue = 'operational';
      if (hour >= 5 && hour < 6) state = 'major_outage';
      if (hour >= 22 && hour < 27) state = 'partial_outage';
      if (hour >= 40 && hour < 41) state = 'under_maintenance';
      cycles.push(cycleAt(at + 7_000, intervalMs, { A: state, B: 'degraded_performance' }));
    }
    for (const cycle of cycles) history.recordCycle(cycle, DEFAULT_RETENTION);
    const nowMs = T0 + 3 * DAY_MS;
    const database = new Database(join(dir, 'history.sqlite'), { readonly: true });
    const rolledDays = database.prepare('SELECT count(DISTINCT day_ms) AS days FROM daily').get();
    database.close();
    expect(rolledDays).toEqual({ days: 2 });
    for (const [fromMs, toMs] of [
      [T0, T0 + DAY_MS],
      [T0 + DAY_MS, T0 + 2 * DAY_MS],
      [T0, nowMs],
      [T0 + 2 * DAY_MS, nowMs],
    ] as const) {
      for (const name of ['A', 'B']) {
        const expected = rawTime(cycles, name, fromMs, toMs, nowMs);
        expect(timeOf(history, name, fromMs, toMs, nowMs)).toEqual(expected);
        expect(computeUptime(timeOf(history, name, fromMs, toMs, nowMs), toMs - fromMs)).toEqual(
          computeUptime(expected, toMs - fromMs),
        );
      }
    }
  });

  it('keeps everything across a reopen: the open cycle, ongoing incidents and aggregates', () => {
    let history = open();
    history.recordCycle(cycleAt(T0, 30_000, { A: 'major_outage' }), DEFAULT_RETENTION);
    history.recordCycle(cycleAt(T0 + 30_000, 30_000, { A: 'major_outage' }), DEFAULT_RETENTION);
    history.close();
    history = open();
    history.recordCycle(cycleAt(T0 + 60_000, 30_000, { A: 'operational' }), DEFAULT_RETENTION);
    expect(timeOf(history, 'A', T0, T0 + HOUR_MS, T0 + 90_000)).toEqual([30_000, 0, 0, 0, 60_000]);
    expect(history.readIncidents(T0, T0 + HOUR_MS)).toEqual([
      expect.objectContaining({ component: 'A', startedMs: T0, resolvedMs: T0 + 60_000 }),
    ]);
    const input = { regionName: 'Amsterdam 1', componentNames: ['A'], intervalMs: 30_000, now: new Date(T0 + 90_000) };
    const once = renderHistoryDocuments(history, input);
    expect(IncidentsDocumentSchema.parse(JSON.parse(once.incidents)).incidents).toHaveLength(1);
    const cache = createHistoryRenderCache();
    expect(renderHistoryDocuments(history, input, cache)).toEqual(once);
    expect(renderHistoryDocuments(history, input, cache)).toEqual(once);
  });

  it('refuses, in its own transaction, a record by a writer that claimed the history before another did', () => {
    const earlier = openSqliteHistoryStore(join(dir, 'history.sqlite'));
    const later = open();
    try {
      earlier.claimWriter();
      earlier.recordCycle(cycleAt(T0, 30_000, { A: 'operational' }), DEFAULT_RETENTION);
      // A standby took over: it claims the history; the earlier writer, resumed, records nothing more.
      later.claimWriter();
      later.recordCycle(cycleAt(T0 + 30_000, 30_000, { A: 'major_outage' }), DEFAULT_RETENTION);
      expect(() => earlier.recordCycle(cycleAt(T0 + 60_000, 30_000, { A: 'operational' }), DEFAULT_RETENTION)).toThrow(
        WriterFencedError,
      );
      expect(() => earlier.recordGap(T0 + 60_000, 30_000)).toThrow(WriterFencedError);
      later.recordCycle(cycleAt(T0 + 60_000, 30_000, { A: 'major_outage' }), DEFAULT_RETENTION);
    } finally {
      earlier.close();
    }
    const database = new Database(join(dir, 'history.sqlite'), { readonly: true });
    const cycles = database.prepare('SELECT at_ms FROM cycles ORDER BY at_ms').all();
    database.close();
    expect(cycles).toEqual([{ at_ms: T0 }, { at_ms: T0 + 30_000 }, { at_ms: T0 + 60_000 }]);
    expect(later.readIncidents(T0, T0 + HOUR_MS)).toEqual([
      expect.objectContaining({ component: 'A', startedMs: T0 + 30_000, resolvedMs: null }),
    ]);
  });

  it('stays bounded: raw cycles past their retention are dropped once rolled up', () => {
    const history = open();
    const retention = { ...DEFAULT_RETENTION, rawMs: 2 * HOUR_MS };
    for (let at = T0; at < T0 + 6 * HOUR_MS; at += MINUTE_MS) {
      history.recordCycle(cycleAt(at, MINUTE_MS, { A: 'operational' }), retention);
    }
    const database = new Database(join(dir, 'history.sqlite'), { readonly: true });
    const raw = database.prepare('SELECT min(at_ms) AS oldest, count(*) AS cycles FROM cycles').get();
    const sketches = database.prepare('SELECT count(*) AS hours FROM latency_hours').get();
    const days = database.prepare('SELECT count(*) AS days FROM latency_days').get();
    database.close();
    // The last cycle is at 05:59; everything before 03:59 is gone, two hours and one cycle are left.
    expect(raw).toEqual({ oldest: T0 + 4 * HOUR_MS - MINUTE_MS, cycles: 121 });
    // Five hours were summarized into a sketch each, and into their day's.
    expect(sketches).toEqual({ hours: 5 });
    expect(days).toEqual({ days: 1 });
    expect(summarizeSketch(history.readLatency(T0, T0 + 6 * HOUR_MS).get('A') ?? createLatencySketch())).toEqual({
      p50Ms: 10,
      p95Ms: 10,
      p99Ms: 10,
    });
  });

  it('renders the summary, a detail document per component and the incidents, valid against their schemas', async () => {
    const history = open();
    for (let at = T0; at < T0 + 2 * HOUR_MS; at += MINUTE_MS) {
      history.recordCycle(cycleAt(at, MINUTE_MS, { A: 'operational' }), DEFAULT_RETENTION);
    }
    const input = {
      regionName: 'Amsterdam 1',
      componentNames: ['A', 'Not Yet Seen'],
      intervalMs: MINUTE_MS,
      now: new Date(T0 + 2 * HOUR_MS),
    };
    const documents = renderHistoryDocuments(history, input);
    // As the probe renders, with day entries and their JSON kept between cycles: the same bytes.
    const cache = createHistoryRenderCache();
    for (let round = 0; round < 2; round += 1) {
      expect(renderHistoryDocuments(history, input, cache)).toEqual(documents);
    }
    const uptime = UptimeDocumentSchema.parse(JSON.parse(documents.uptime));
    expect(serializeUptime(uptime)).toBe(documents.uptime);
    const details = [...documents.componentHistories].map(({ slug, json }) => {
      const detail = ComponentHistoryDocumentSchema.parse(JSON.parse(json));
      expect(detail.slug).toBe(slug);
      // The probe's caching serializer gives the same bytes, the first time and from its cache.
      expect(serializeComponentHistory(detail)).toBe(json);
      return detail;
    });
    expect(uptime.interval_seconds).toBe(60);
    expect(uptime.first_day).toBe('2026-08-04');
    expect(
      uptime.components.map((each) => [
        each.name,
        each.slug,
        each.days.uptime_percent.length,
        each.days.worst_status.at(-1),
      ]),
    ).toEqual([
      ['A', 'a', 90, 'operational'],
      ['Not Yet Seen', 'not-yet-seen', 90, null],
    ]);
    expect(details.map((each) => [each.name, each.days.length, each.latency.length])).toEqual([
      ['A', 90, 24],
      ['Not Yet Seen', 90, 24],
    ]);
    const [a] = details;
    expect(a?.uptime.last_24h).toEqual({ uptime_percent: 100, data_percent: 8.333 });
    expect(a?.uptime).toEqual(uptime.components[0]?.uptime);
    expect(a?.days.at(-1)).toEqual({
      date: '2026-11-01',
      uptime_percent: 100,
      worst_status: 'operational',
      minutes: { operational: 120, under_maintenance: 0, degraded_performance: 0, partial_outage: 0, major_outage: 0 },
      no_data_minutes: 0,
      p50_ms: 10,
      p95_ms: 10,
      p99_ms: 10,
    });
    expect(a?.latency.slice(-3)).toEqual([
      { hour: '2026-11-01T00:00:00Z', p50_ms: 10, p95_ms: 10, p99_ms: 10 },
      { hour: '2026-11-01T01:00:00Z', p50_ms: 10, p95_ms: 10, p99_ms: 10 },
      { hour: '2026-11-01T02:00:00Z', p50_ms: null, p95_ms: null, p99_ms: null },
    ]);
    expect(documents.incidents).toBe(
      '{"version":"v1","region":"Amsterdam 1","generated_at":"2026-11-01T02:00:00Z","incidents":[]}\n',
    );
    await expect(readFile(join(dir, 'history.sqlite-wal'))).resolves.toBeInstanceOf(Buffer);
  });
});
