import Database from 'better-sqlite3';

/** The database's name in the probe's state directory, beside the history. */
export const SUBSCRIBERS_FILE_NAME = 'subscribers.sqlite';

/** The probe, its listener and the team's commands share the file: a statement waits this long for another's lock. */
const SUBSCRIBERS_BUSY_TIMEOUT_MS = 5_000;

/** The schema version this code writes (`PRAGMA user_version`). */
const SCHEMA_VERSION = 1;

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE subscribers (
     id TEXT PRIMARY KEY,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     state TEXT NOT NULL CHECK (state IN ('pending', 'confirmed', 'quarantined')),
     components TEXT NOT NULL,
     language TEXT NOT NULL,
     time_zone TEXT NOT NULL,
     pending_choice TEXT,
     confirm_nonce TEXT,
     confirm_expires_ms INTEGER,
     key TEXT NOT NULL,
     created_ms INTEGER NOT NULL,
     confirmed_ms INTEGER,
     quarantined_ms INTEGER,
     confirmations_ms TEXT NOT NULL DEFAULT '[]'
   );
   CREATE INDEX subscribers_by_state ON subscribers (state);
   CREATE TABLE events (id TEXT PRIMARY KEY, created_ms INTEGER NOT NULL, payload TEXT NOT NULL);
   CREATE TABLE outbox (
     event_id TEXT NOT NULL,
     subscriber_id TEXT NOT NULL,
     state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'void')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_ms INTEGER NOT NULL,
     queued_ms INTEGER NOT NULL,
     done_ms INTEGER,
     last_error TEXT,
     PRIMARY KEY (event_id, subscriber_id)
   ) WITHOUT ROWID;
   CREATE INDEX outbox_due ON outbox (state, next_ms);
   CREATE TABLE bounces (
     subscriber_id TEXT NOT NULL,
     at_ms INTEGER NOT NULL,
     status TEXT NOT NULL,
     permanent INTEGER NOT NULL
   );
   CREATE TABLE announced_notices (id TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, state TEXT NOT NULL, postmortem INTEGER NOT NULL);
   CREATE TABLE watched_components (
     name TEXT PRIMARY KEY,
     mailed TEXT NOT NULL,
     pending_state TEXT,
     pending_since_ms INTEGER
   );
   CREATE TABLE marks (name TEXT PRIMARY KEY, value INTEGER NOT NULL);`,
];

/**
 * Opens (creating if needed) the subscribers' database: WAL, so the
 * listener, the sender and the team's commands work on it at once, each
 * waiting for another's write; migrations by `PRAGMA user_version`. Throws
 * the driver's `SqliteError` for a file that is not a database, and an
 * `Error` for one made by a newer version.
 */
export function openSubscribersDatabase(file: string): Database.Database {
  const db = new Database(file, { timeout: SUBSCRIBERS_BUSY_TIMEOUT_MS });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const version = Number(db.pragma('user_version', { simple: true }));
    if (version > SCHEMA_VERSION) {
      throw new Error(`made by a newer version (schema ${version}; this one knows up to ${SCHEMA_VERSION})`);
    }
    if (version < SCHEMA_VERSION) {
      db.transaction(() => {
        for (const migration of MIGRATIONS.slice(version)) db.exec(migration);
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
      }).immediate();
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
