import Database from 'better-sqlite3';

/** How long a statement waits for a lock held by another connection (the `uptime` CLI reading) before failing. */
export const HISTORY_BUSY_TIMEOUT_MS = 1_000;

/** The schema version this code writes, kept in `PRAGMA user_version`. */
export const SCHEMA_VERSION = 4;

/** Each schema version's SQL, in order: `HISTORY_MIGRATIONS[n]` takes a file from version n to n + 1. */
export const HISTORY_MIGRATIONS: readonly string[] = [
  `CREATE TABLE components (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
   CREATE TABLE cycles (
     at_ms INTEGER PRIMARY KEY,
     interval_ms INTEGER NOT NULL,
     published INTEGER NOT NULL,
     data BLOB NOT NULL
   );
   CREATE TABLE hourly (
     hour_ms INTEGER NOT NULL,
     component_id INTEGER NOT NULL,
     operational_ms INTEGER NOT NULL DEFAULT 0,
     maintenance_ms INTEGER NOT NULL DEFAULT 0,
     degraded_ms INTEGER NOT NULL DEFAULT 0,
     partial_ms INTEGER NOT NULL DEFAULT 0,
     major_ms INTEGER NOT NULL DEFAULT 0,
     p50_ms INTEGER,
     p95_ms INTEGER,
     max_ms INTEGER,
     PRIMARY KEY (hour_ms, component_id)
   ) WITHOUT ROWID;
   CREATE TABLE daily (
     day_ms INTEGER NOT NULL,
     component_id INTEGER NOT NULL,
     operational_ms INTEGER NOT NULL DEFAULT 0,
     maintenance_ms INTEGER NOT NULL DEFAULT 0,
     degraded_ms INTEGER NOT NULL DEFAULT 0,
     partial_ms INTEGER NOT NULL DEFAULT 0,
     major_ms INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (day_ms, component_id)
   ) WITHOUT ROWID;
   CREATE TABLE incidents (
     id TEXT PRIMARY KEY,
     component TEXT NOT NULL,
     worst TEXT NOT NULL,
     started_ms INTEGER NOT NULL,
     resolved_ms INTEGER,
     failure_classes TEXT NOT NULL,
     last_class TEXT,
     last_http_status INTEGER
   );
   CREATE INDEX incidents_by_resolution ON incidents (resolved_ms);
   CREATE TABLE marks (name TEXT PRIMARY KEY, ms INTEGER NOT NULL);`,
  // 2: how many regions saw a global component's incident (null where no vote among regions was taken),
  // and when the incident last changed (null in rows from version 1: their resolution, else their start).
  `ALTER TABLE incidents ADD COLUMN regions_saw_outage INTEGER;
   ALTER TABLE incidents ADD COLUMN regions_configured INTEGER;
   ALTER TABLE incidents ADD COLUMN updated_ms INTEGER;`,
  // 3: the team's notice that is the incident, where its declaration was published (null: the probe's own).
  'ALTER TABLE incidents ADD COLUMN notice TEXT;',
  // 4: latency sketches (encodeLatencySketch) per component and hour, and per component and day, each a table of
  // its own so that the hourly ones can be dropped sooner than the hours' time per state. The p50/p95/max columns
  // of hourly are no longer written: percentiles come from the sketches only.
  `CREATE TABLE latency_hours (
     hour_ms INTEGER NOT NULL,
     component_id INTEGER NOT NULL,
     sketch BLOB NOT NULL,
     PRIMARY KEY (hour_ms, component_id)
   ) WITHOUT ROWID;
   CREATE TABLE latency_days (
     day_ms INTEGER NOT NULL,
     component_id INTEGER NOT NULL,
     sketch BLOB NOT NULL,
     PRIMARY KEY (day_ms, component_id)
   ) WITHOUT ROWID;`,
];

/**
 * Opens (creating if needed) the history database: WAL mode, so the `uptime`
 * CLI can read while the probe writes, and a crash loses at most the
 * transaction in flight; migrations by `PRAGMA user_version`. Throws the
 * driver's `SqliteError` (with a `code` such as `SQLITE_NOTADB`) when the file
 * cannot be used, and an `Error` for a file made by a newer version.
 * A reader (`readonly`, such as the `uptime` CLI) creates and writes nothing.
 */
export function openHistoryDatabase(file: string, readonly: boolean): Database.Database {
  const db = new Database(file, { readonly, fileMustExist: readonly, timeout: HISTORY_BUSY_TIMEOUT_MS });
  try {
    if (!readonly) {
      db.pragma('journal_mode = WAL');
      // In WAL mode NORMAL is durable against a killed process; only a power loss may lose the last commits.
      db.pragma('synchronous = NORMAL');
    }
    migrate(db, readonly);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function migrate(db: Database.Database, readonly: boolean): void {
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version > SCHEMA_VERSION) {
    throw new Error(`made by a newer version (schema ${version}; this one knows up to ${SCHEMA_VERSION})`);
  }
  // Reading the schema fails with SQLITE_NOTADB or SQLITE_CORRUPT on a damaged file, before anything is written.
  db.prepare('SELECT count(*) FROM sqlite_master').get();
  if (version === SCHEMA_VERSION) return;
  if (readonly) {
    if (version === 0) throw new Error(`has no history yet (schema ${version})`);
    // A reader cannot migrate; the probe does when it next opens the file.
    throw new Error(
      `is schema ${version}, older than this version's ${SCHEMA_VERSION}: start the probe once to migrate it`,
    );
  }
  db.transaction(() => {
    for (const migration of HISTORY_MIGRATIONS.slice(version)) db.exec(migration);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
}
