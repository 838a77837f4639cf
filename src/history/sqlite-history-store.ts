import type Database from 'better-sqlite3';
import { WriterFencedError } from '../errors/writer-fenced-error.js';
import type { HistoryRetention } from '../settings/history-retention.js';
import { DAY_MS, HOUR_MS } from '../time/time-units.js';
import { advanceIncidents, type IncidentRecord } from './advance-incidents.js';
import { answeredLatencies } from './answered-latencies.js';
import {
  assemblePeriodBuckets,
  type DailyRow,
  groupDays,
  type HourlyRow,
  type OpenCycle,
  planPeriodReads,
} from './assemble-period-buckets.js';
import type { CycleRecord } from './cycle-record.js';
import { decodeCycle, encodeCycle } from './encode-cycle.js';
import { openHistoryDatabase } from './history-schema.js';
import type { HistoryStore, PeriodBuckets } from './history-store.js';
import { type IncidentRow, type IncidentValues, toIncident, toIncidentValues } from './incident-row.js';
import { markAfterRollUp, planDeletions, planRollUp } from './plan-upkeep.js';
import { createRawLatencySketches } from './raw-latency-sketches.js';
import { createLatencySketchTables } from './sqlite-latency-sketches.js';
import { coveredMs, splitByHour, stateMsOf, type TimeBucket } from './state-time.js';

const STATE_COLUMNS = 'operational_ms, maintenance_ms, degraded_ms, partial_ms, major_ms';

type RollUpMark = 'latency_through' | 'daily_through';

/** The mark counting the writers that claimed the history (`claimWriter`): the fencing token. */
const WRITER_MARK = 'writer_generation';

export interface OpenStoreOptions {
  /** For readers such as the `uptime` CLI: nothing is created or written. */
  readonly readonly?: boolean;
}

/**
 * Opens (creating if needed) the history database (see `openHistoryDatabase`)
 * and the store over it. Throws the driver's `SqliteError` (with a `code` such
 * as `SQLITE_NOTADB`) when the file cannot be used, and an `Error` for a file
 * made by a newer version.
 */
export function openSqliteHistoryStore(file: string, options: OpenStoreOptions = {}): HistoryStore {
  const db = openHistoryDatabase(file, options.readonly ?? false);
  try {
    return createStore(db);
  } catch (error) {
    db.close();
    throw error;
  }
}

function createStore(db: Database.Database): HistoryStore {
  const statements = {
    componentIds: db.prepare<[], { id: number; name: string }>('SELECT id, name FROM components ORDER BY id'),
    addComponent: db.prepare<[string]>('INSERT INTO components (name) VALUES (?)'),
    lastCycle: db.prepare<[], { at_ms: number; interval_ms: number; published: number; data: Buffer }>(
      'SELECT at_ms, interval_ms, published, data FROM cycles ORDER BY at_ms DESC LIMIT 1',
    ),
    lastCycleAt: db.prepare<[], { at_ms: number | null }>('SELECT max(at_ms) AS at_ms FROM cycles'),
    insertCycle: db.prepare<[number, number, number, Buffer]>(
      'INSERT OR REPLACE INTO cycles (at_ms, interval_ms, published, data) VALUES (?, ?, ?, ?)',
    ),
    addHourly: db.prepare<[number, number, number, number, number, number, number]>(
      `INSERT INTO hourly (hour_ms, component_id, ${STATE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET operational_ms = operational_ms + excluded.operational_ms,
         maintenance_ms = maintenance_ms + excluded.maintenance_ms, degraded_ms = degraded_ms + excluded.degraded_ms,
         partial_ms = partial_ms + excluded.partial_ms, major_ms = major_ms + excluded.major_ms`,
    ),
    publishedCyclesBetween: db.prepare<[number, number], { at_ms: number; data: Buffer }>(
      'SELECT at_ms, data FROM cycles WHERE at_ms >= ? AND at_ms < ? AND published = 1 ORDER BY at_ms',
    ),
    countPublishedCyclesBetween: db.prepare<[number, number], { n: number }>(
      'SELECT count(*) AS n FROM cycles WHERE at_ms >= ? AND at_ms < ? AND published = 1',
    ),
    firstCycleFrom: db.prepare<[number], { at_ms: number | null }>(
      'SELECT min(at_ms) AS at_ms FROM cycles WHERE at_ms >= ?',
    ),
    firstHourFrom: db.prepare<[number], { hour_ms: number | null }>(
      'SELECT min(hour_ms) AS hour_ms FROM hourly WHERE hour_ms >= ?',
    ),
    rollDay: db.prepare<[number, number, number]>(
      `INSERT OR REPLACE INTO daily (day_ms, component_id, ${STATE_COLUMNS})
       SELECT ?, component_id, sum(operational_ms), sum(maintenance_ms), sum(degraded_ms), sum(partial_ms), sum(major_ms)
       FROM hourly WHERE hour_ms >= ? AND hour_ms < ? GROUP BY component_id`,
    ),
    getMark: db.prepare<[string], { ms: number }>('SELECT ms FROM marks WHERE name = ?'),
    setMark: db.prepare<[string, number]>('INSERT OR REPLACE INTO marks (name, ms) VALUES (?, ?)'),
    deleteRaw: db.prepare<[number, number]>(
      'DELETE FROM cycles WHERE at_ms IN (SELECT at_ms FROM cycles WHERE at_ms < ? ORDER BY at_ms LIMIT ?)',
    ),
    deleteOldestHours: db.prepare<[number, number]>(
      'DELETE FROM hourly WHERE hour_ms < ? AND hour_ms < (SELECT min(hour_ms) FROM hourly) + ?',
    ),
    deleteOldestDays: db.prepare<[number, number]>(
      'DELETE FROM daily WHERE day_ms < ? AND day_ms < (SELECT min(day_ms) FROM daily) + ?',
    ),
    deleteIncidents: db.prepare<[number, number]>(
      'DELETE FROM incidents WHERE id IN (SELECT id FROM incidents WHERE resolved_ms < ? LIMIT ?)',
    ),
    upsertIncident: db.prepare<IncidentValues>(
      // An upsert rather than INSERT OR REPLACE: the row is updated where it is. A replace deletes it and
      // appends it under a new rowid, leaving a hole the table never refills (incidents took half as much space again).
      `INSERT INTO incidents
         (id, component, worst, started_ms, resolved_ms, failure_classes, last_class, last_http_status,
          regions_saw_outage, regions_configured, updated_ms, notice)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         component = excluded.component, worst = excluded.worst, started_ms = excluded.started_ms,
         resolved_ms = excluded.resolved_ms, failure_classes = excluded.failure_classes,
         last_class = excluded.last_class, last_http_status = excluded.last_http_status,
         regions_saw_outage = excluded.regions_saw_outage, regions_configured = excluded.regions_configured,
         updated_ms = excluded.updated_ms, notice = excluded.notice`,
    ),
    ongoingIncidents: db.prepare<[], IncidentRow>('SELECT * FROM incidents WHERE resolved_ms IS NULL'),
    incidentsSince: db.prepare<[number, number], IncidentRow>(
      'SELECT * FROM incidents WHERE (resolved_ms IS NULL OR resolved_ms >= ?) AND started_ms < ?',
    ),
    dailyBetween: db.prepare<[number, number], DailyRow>(
      `SELECT day_ms, component_id, ${STATE_COLUMNS} FROM daily WHERE day_ms >= ? AND day_ms < ?`,
    ),
    hourlyBetween: db.prepare<[number, number], HourlyRow>(
      `SELECT hour_ms, component_id, ${STATE_COLUMNS} FROM hourly WHERE hour_ms >= ? AND hour_ms < ?`,
    ),
  };
  const sketches = createLatencySketchTables(db);

  /** The writer generation this store claimed, if it did. */
  let claimed: number | undefined;

  /** Throws `WriterFencedError` if another store claimed the history since this one did. */
  function checkClaim(what: string): void {
    if (claimed !== undefined && statements.getMark.get(WRITER_MARK)?.ms !== claimed) {
      throw new WriterFencedError(`${what} (a later probe has claimed the history)`);
    }
  }

  // Caches of what the database holds, dropped whenever a transaction fails so they never run ahead of it.
  let ids: Map<string, number> | undefined;
  let openCycle: OpenCycle | null | undefined;
  let ongoing: Map<string, IncidentRecord> | undefined;
  // Rolled-up days never change, so the documents, rendered every cycle, read them once a day.
  let days: { key: string; byId: Map<number, TimeBucket[]> } | undefined;

  function loadIds(): Map<string, number> {
    ids ??= new Map(statements.componentIds.all().map((row) => [row.name, row.id]));
    return ids;
  }

  function loadOpenCycle(): OpenCycle | null {
    if (openCycle !== undefined) return openCycle;
    const row = statements.lastCycle.get();
    openCycle =
      row === undefined || row.published === 0
        ? null
        : {
            atMs: row.at_ms,
            intervalMs: row.interval_ms,
            published: new Map(decodeCycle(row.data).map((c) => [c.componentId, c.published])),
          };
    return openCycle;
  }

  function loadOngoing(): Map<string, IncidentRecord> {
    ongoing ??= new Map(statements.ongoingIncidents.all().map((row) => [row.component, toIncident(row)]));
    return ongoing;
  }

  function mark(name: RollUpMark): number | undefined {
    return statements.getMark.get(name)?.ms;
  }

  /** Adds the open cycle's span, up to `untilMs`, to its components' hours. */
  function closeOpenCycle(untilMs: number): void {
    const open = loadOpenCycle();
    if (open === null) return;
    const span = coveredMs(open.atMs, untilMs, open.intervalMs);
    for (const { hourMs, ms } of splitByHour(open.atMs, span)) {
      for (const [componentId, status] of open.published) {
        statements.addHourly.run(hourMs, componentId, ...stateMsOf(status, ms));
      }
    }
  }

  /** One step of the roll-up kept by mark `name`, as `planRollUp` decides; returns the mark after it. */
  function rollUp(
    name: RollUpMark,
    nowMs: number,
    periodMs: number,
    roll: (periodStartMs: number) => void,
    firstDataFrom: (ms: number) => number | null,
  ): number {
    const step = planRollUp(mark(name), nowMs, periodMs);
    let throughMs = step.markMs;
    if (step.rollMs !== null) {
      roll(step.rollMs);
      throughMs = markAfterRollUp(firstDataFrom(step.rollMs + periodMs), nowMs, periodMs);
    }
    statements.setMark.run(name, throughMs);
    return throughMs;
  }

  /** One bounded step of each kind of upkeep, as of `nowMs`. */
  function compact(nowMs: number, sinceLastMs: number, retention: HistoryRetention): void {
    const latencyThroughMs = rollUp(
      'latency_through',
      nowMs,
      HOUR_MS,
      summarizeHour,
      (ms) => statements.firstCycleFrom.get(ms)?.at_ms ?? null,
    );
    const dailyThroughMs = rollUp(
      'daily_through',
      nowMs,
      DAY_MS,
      (dayMs) => statements.rollDay.run(dayMs, dayMs, dayMs + DAY_MS),
      (ms) => statements.firstHourFrom.get(ms)?.hour_ms ?? null,
    );
    const plan = planDeletions(nowMs, sinceLastMs, retention, { latencyThroughMs, dailyThroughMs });
    statements.deleteRaw.run(plan.raw.beforeMs, plan.raw.rows);
    statements.deleteOldestHours.run(plan.hourly.beforeMs, plan.hourly.spanMs);
    statements.deleteOldestDays.run(plan.daily.beforeMs, plan.daily.spanMs);
    sketches.deleteBefore(plan.hourSketches.beforeMs, plan.daily.beforeMs, plan.hourSketches.spanMs);
    statements.deleteIncidents.run(plan.incidents.beforeMs, plan.incidents.rows);
  }

  function summarizeHour(hourMs: number): void {
    sketches.summarizeHour(hourMs, rawSketches.between(hourMs, hourMs + HOUR_MS).get(hourMs) ?? new Map());
  }

  /** The answered latencies of the raw cycles (the hours not yet summarized), sketched by hour and component as they arrive. */
  const rawSketches = createRawLatencySketches({
    countBetween: (fromMs, toMs) => statements.countPublishedCyclesBetween.get(fromMs, toMs)?.n ?? 0,
    *latenciesBetween(fromMs, toMs) {
      for (const row of statements.publishedCyclesBetween.iterate(fromMs, toMs)) {
        yield {
          atMs: row.at_ms,
          latencies: decodeCycle(row.data).map((component) => ({
            componentId: component.componentId,
            latencies: answeredLatencies(component.checks),
          })),
        };
      }
    },
  });

  /** Every row of the raw cycles goes in here, so that the open hour's sketches hear of it (a cycle recorded behind them re-sketches its hour). */
  function insertCycle(atMs: number, intervalMs: number, published: 0 | 1, data: Buffer): void {
    rawSketches.recorded(atMs);
    statements.insertCycle.run(atMs, intervalMs, published, data);
  }

  const recordCycleTransaction = db.transaction((cycle: CycleRecord, retention: HistoryRetention) => {
    checkClaim('the cycle record');
    const known = loadIds();
    for (const component of cycle.components) {
      if (!known.has(component.name)) {
        known.set(component.name, Number(statements.addComponent.run(component.name).lastInsertRowid));
      }
    }
    closeOpenCycle(cycle.atMs);
    const stored = cycle.components.map(({ name, notice, regions, ...rest }) => ({
      componentId: known.get(name) as number,
      ...rest,
    }));
    insertCycle(cycle.atMs, cycle.intervalMs, 1, encodeCycle(stored));
    const incidents = loadOngoing();
    for (const incident of advanceIncidents(incidents, cycle)) {
      statements.upsertIncident.run(...toIncidentValues(incident));
      if (incident.resolvedMs === null) incidents.set(incident.component, incident);
      else incidents.delete(incident.component);
    }
    const previous = loadOpenCycle();
    compact(cycle.atMs, previous === null ? 0 : Math.max(0, cycle.atMs - previous.atMs), retention);
    openCycle = {
      atMs: cycle.atMs,
      intervalMs: cycle.intervalMs,
      published: new Map(stored.map((component) => [component.componentId, component.published])),
    };
  });

  const recordGapTransaction = db.transaction((atMs: number, intervalMs: number) => {
    checkClaim('the record of a cycle not published');
    closeOpenCycle(atMs);
    insertCycle(atMs, intervalMs, 0, Buffer.alloc(0));
    openCycle = null;
  });

  function guarded<A extends unknown[]>(body: (...args: A) => void): (...args: A) => void {
    return (...args) => {
      try {
        body(...args);
      } catch (error) {
        ids = undefined;
        openCycle = undefined;
        ongoing = undefined;
        days = undefined;
        throw error;
      }
    };
  }

  function readBuckets(fromMs: number, toMs: number, nowMs: number): PeriodBuckets {
    const marks = { dailyThroughMs: mark('daily_through'), latencyThroughMs: mark('latency_through') };
    const reads = planPeriodReads(fromMs, toMs, nowMs, marks);
    const key = `${reads.days.fromMs}:${reads.days.toMs}`;
    if (days?.key !== key)
      days = { key, byId: groupDays(statements.dailyBetween.iterate(reads.days.fromMs, reads.days.toMs)) };
    const latency = sketches.readRecent(
      { fromMs: reads.latencyFromMs, toMs: nowMs + 1 },
      Math.floor(fromMs / DAY_MS) * DAY_MS,
      marks.latencyThroughMs,
      rawSketches.between(reads.raw.fromMs, reads.raw.toMs),
    );
    return assemblePeriodBuckets(reads, {
      ids: loadIds(),
      days: days.byId,
      latency,
      open: loadOpenCycle(),
      hours: statements.hourlyBetween.iterate(reads.hours.fromMs, reads.hours.toMs),
    });
  }

  const claimTransaction = db.transaction(() => {
    const next = (statements.getMark.get(WRITER_MARK)?.ms ?? 0) + 1;
    statements.setMark.run(WRITER_MARK, next);
    return next;
  });

  // IMMEDIATE: each takes the write lock as it begins, so that the claim it checks is the latest committed.
  return {
    recordCycle: guarded((cycle: CycleRecord, retention: HistoryRetention) =>
      recordCycleTransaction.immediate(cycle, retention),
    ),
    recordGap: guarded((atMs: number, intervalMs: number) => recordGapTransaction.immediate(atMs, intervalMs)),
    claimWriter() {
      claimed = claimTransaction.immediate();
    },
    lastRecordedMs() {
      return statements.lastCycleAt.get()?.at_ms ?? undefined;
    },
    readBuckets,
    readLatency(fromMs, toMs) {
      const names = new Map([...loadIds()].map(([name, id]) => [id, name]));
      const merged = sketches.readPeriod(fromMs, toMs, mark('latency_through'), (range) =>
        rawSketches.between(range.fromMs, range.toMs),
      );
      return new Map(
        [...merged].flatMap(([id, sketch]) => {
          const name = names.get(id);
          return name === undefined ? [] : [[name, sketch] as const];
        }),
      );
    },
    readIncidents(fromMs, toMs) {
      return statements.incidentsSince.all(fromMs, toMs).map(toIncident);
    },
    close() {
      if (db.open) db.close();
    },
  };
}
