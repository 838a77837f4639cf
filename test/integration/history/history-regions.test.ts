import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CycleRecord, RegionCount } from '../../../src/history/cycle-record.js';
import { HISTORY_MIGRATIONS, SCHEMA_VERSION } from '../../../src/history/history-schema.js';
import { renderIncidents } from '../../../src/history/render-incidents.js';
import { openSqliteHistoryStore } from '../../../src/history/sqlite-history-store.js';
import { IncidentsDocumentSchema } from '../../../src/schemas/incidents.js';
import type { StatusValue } from '../../../src/schemas/status-value.js';
import { DEFAULT_RETENTION } from '../../../src/settings/history-retention.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

/** How many regions saw an incident, in a real SQLite file: recorded, kept across a reopen, and migrated into. */

const T0 = Date.parse('2026-11-01T00:00:00Z');
const MINUTE_MS = 60_000;
const DAY = 86_400_000;
let dir: string;
let file: string;

const tempDir = tempDirsPerTest();
beforeEach(async () => {
  dir = await tempDir();
  file = join(dir, 'history.sqlite');
});

function cycle(minute: number, status: StatusValue, regions: RegionCount | null): CycleRecord {
  return {
    atMs: T0 + minute * MINUTE_MS,
    intervalMs: MINUTE_MS,
    components: [{ name: 'Registry', observed: status, published: status, checks: [], regions, notice: null }],
  };
}

/** A file as the previous release (schema 1) left it: one resolved incident, before regions were counted. */
function writeSchemaOneFile(): void {
  const db = new Database(file);
  db.exec(HISTORY_MIGRATIONS[0] ?? '');
  db.prepare(
    `INSERT INTO incidents (id, component, worst, started_ms, resolved_ms, failure_classes, last_class, last_http_status)
     VALUES ('registry-old', 'Registry', 'major_outage', ?, ?, 'status', 'status', 503)`,
  ).run(T0 - 60 * MINUTE_MS, T0 - 50 * MINUTE_MS);
  db.pragma('user_version = 1');
  db.close();
}

describe('the regions that saw an incident, in SQLite', () => {
  it('records the widest count of a global incident and keeps it across a reopen', () => {
    const store = openSqliteHistoryStore(file);
    store.recordCycle(cycle(0, 'major_outage', { sawOutage: 2, configured: 4 }), DEFAULT_RETENTION);
    store.recordCycle(cycle(1, 'major_outage', { sawOutage: 3, configured: 4 }), DEFAULT_RETENTION);
    store.close();

    const reopened = openSqliteHistoryStore(file);
    reopened.recordCycle(cycle(2, 'major_outage', { sawOutage: 1, configured: 4 }), DEFAULT_RETENTION);
    // A narrower vote says nothing new: the incident was last updated when 3 of 4 saw it.
    expect(reopened.readIncidents(0, T0 + DAY).map((incident) => incident.updatedMs)).toEqual([T0 + MINUTE_MS]);
    reopened.recordCycle(cycle(3, 'operational', null), DEFAULT_RETENTION);
    const document = renderIncidents('Amsterdam 1', new Date(T0 + 5 * MINUTE_MS), reopened.readIncidents(0, T0 + DAY));
    reopened.close();

    expect(
      IncidentsDocumentSchema.parse(document).incidents.map((incident) => [incident.regions, incident.updated_at]),
    ).toEqual([[{ saw_outage: 3, configured: 4 }, '2026-11-01T00:03:00Z']]);
  });

  it('migrates a schema-1 file: old incidents read as not counted and last updated at their end, new ones are counted', () => {
    writeSchemaOneFile();

    // The `uptime` CLI opens read-only and cannot migrate: it says so, and the file is left as it was.
    expect(() => openSqliteHistoryStore(file, { readonly: true })).toThrow(
      `is schema 1, older than this version's ${SCHEMA_VERSION}: start the probe once to migrate it`,
    );

    const store = openSqliteHistoryStore(file);
    store.recordCycle(cycle(0, 'partial_outage', { sawOutage: 2, configured: 3 }), DEFAULT_RETENTION);
    const incidents = store.readIncidents(0, T0 + DAY);
    store.close();

    // A schema-1 row has no update time: its resolution stands for it.
    expect(
      [...incidents]
        .sort((a, b) => a.startedMs - b.startedMs)
        .map((incident) => [incident.id, incident.regions, incident.updatedMs]),
    ).toEqual([
      ['registry-old', null, T0 - 50 * MINUTE_MS],
      [expect.stringMatching(/^registry-/), { sawOutage: 2, configured: 3 }, T0],
    ]);
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBe(4);
    db.close();
  });
});
