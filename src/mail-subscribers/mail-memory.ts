import type Database from 'better-sqlite3';
import type { StatusValue } from '../schemas/status-value.js';
import type { WatchedComponent } from './coalesce-probe-changes.js';
import type { AnnouncedNotice, KeyedMailEvent } from './decide-notice-mails.js';
import type { Outbox } from './outbox.js';

/** What the mails have told so far, as a cycle's decision reads it. */
export interface MailMemoryState {
  readonly announced: ReadonlyMap<string, AnnouncedNotice>;
  readonly watched: ReadonlyMap<string, WatchedComponent>;
}

/** A cycle's decision: the events to queue, and the memory after them (`announced` left out: unchanged). */
export interface MailMemoryUpdate {
  readonly events: readonly KeyedMailEvent[];
  readonly announced?: ReadonlyMap<string, AnnouncedNotice> | undefined;
  readonly watched: ReadonlyMap<string, WatchedComponent>;
}

/**
 * The notices mailed and the components watched, beside the outbox in the
 * same database: a cycle's events and the memory that they were queued are
 * one transaction, so a crash between them neither loses nor repeats a mail.
 */
export interface MailMemory {
  /** Reads the memory, lets `decide` (pure) make the update, and saves it with its events queued; the mails queued. */
  record(decide: (state: MailMemoryState) => MailMemoryUpdate, nowMs: number): number;
}

export function createMailMemory(db: Database.Database, outbox: Outbox): MailMemory {
  const readAnnounced = db.prepare<[], { id: string; fingerprint: string; state: string; postmortem: number }>(
    'SELECT id, fingerprint, state, postmortem FROM announced_notices',
  );
  const readWatched = db.prepare<[], { name: string; mailed: StatusValue; pending_since_ms: number | null }>(
    'SELECT name, mailed, pending_since_ms FROM watched_components',
  );
  const addAnnounced = db.prepare<[string, string, string, number]>(
    'INSERT INTO announced_notices (id, fingerprint, state, postmortem) VALUES (?, ?, ?, ?)',
  );
  const addWatched = db.prepare<[string, string, number | null]>(
    'INSERT INTO watched_components (name, mailed, pending_since_ms) VALUES (?, ?, ?)',
  );
  return {
    record: (decide, nowMs) =>
      db
        .transaction(() => {
          const update = decide({
            announced: new Map(
              readAnnounced
                .all()
                .map((row) => [
                  row.id,
                  { fingerprint: row.fingerprint, state: row.state, postmortem: row.postmortem === 1 },
                ]),
            ),
            watched: new Map(
              readWatched
                .all()
                .map((row) => [row.name, { mailed: row.mailed, pendingSinceMs: row.pending_since_ms ?? undefined }]),
            ),
          });
          let queued = 0;
          for (const { id, event } of update.events) queued += outbox.queue(id, event, nowMs);
          if (update.announced !== undefined) {
            db.exec('DELETE FROM announced_notices');
            for (const [id, each] of update.announced)
              addAnnounced.run(id, each.fingerprint, each.state, each.postmortem ? 1 : 0);
          }
          db.exec('DELETE FROM watched_components');
          for (const [name, each] of update.watched) addWatched.run(name, each.mailed, each.pendingSinceMs ?? null);
          return queued;
        })
        .immediate(),
  };
}
