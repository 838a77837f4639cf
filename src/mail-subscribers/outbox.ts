import type Database from 'better-sqlite3';
import { componentsOf, type MailEvent, MailEventSchema } from './mail-event.js';

/** Sent mails are remembered this long, so an event queued again is still known as sent. */
export const KEEP_SENT_MS = 30 * 24 * 3_600_000;

/** A mail the sender has taken: the event and the subscriber it is for, and how often it was tried. */
export interface OutboxMail {
  readonly eventId: string;
  readonly subscriberId: string;
  readonly event: MailEvent;
  readonly attempts: number;
  readonly queuedMs: number;
}

/** What the metrics show of the outbox. */
export interface OutboxCounts {
  readonly queued: number;
  /** When the oldest mail still queued was queued; `undefined` with none. */
  readonly oldestQueuedMs: number | undefined;
}

/**
 * The outbox: one row per (event, subscriber), so an event queued twice is
 * one mail, and a mail once sent is never taken again. A mail is marked
 * `sending` in its own commit before it goes to the relay and `sent` after:
 * a sender killed in between leaves at most the mails it had in flight
 * `sending`, which the next sender sends again (`requeueInFlight`).
 */
export interface Outbox {
  /** Queues `event` to every confirmed subscriber of any of its components or of the whole page; the count queued. */
  queue(eventId: string, event: MailEvent, nowMs: number): number;
  /** Queues `event` to one subscriber (a confirmation, a test), whatever its state. */
  queueTo(eventId: string, event: MailEvent, subscriberId: string, nowMs: number): void;
  /** Takes up to `limit` mails due at `nowMs`, marking them `sending`. */
  take(limit: number, nowMs: number): OutboxMail[];
  markSent(mail: OutboxMail, nowMs: number): void;
  /** A mail that is not to go (its subscriber left, its link was voided). */
  markVoid(mail: OutboxMail, nowMs: number): void;
  /** A mail the relay did not take: tried again at `retryMs`. */
  markFailed(mail: OutboxMail, retryMs: number, error: string): void;
  /** Mails a killed sender left `sending`: queued again, due now. The count. */
  requeueInFlight(nowMs: number): number;
  counts(): OutboxCounts;
  /** Mails due at `nowMs` or in flight. */
  dueCount(nowMs: number): number;
  /** Forgets sent and voided mails, and their events, after `KEEP_SENT_MS`. */
  forgetDone(nowMs: number): void;
}

export function createOutbox(db: Database.Database): Outbox {
  const addEvent = db.prepare<[string, number, string]>(
    'INSERT OR IGNORE INTO events (id, created_ms, payload) VALUES (?, ?, ?)',
  );
  const queueMatching = db.prepare<{ event: string; now: number; all: number; components: string }>(
    `INSERT OR IGNORE INTO outbox (event_id, subscriber_id, state, next_ms, queued_ms)
     SELECT @event, s.id, 'queued', @now, @now FROM subscribers s
     WHERE s.state = 'confirmed' AND (@all = 1 OR s.components = '[]' OR EXISTS (
       SELECT 1 FROM json_each(s.components) mine JOIN json_each(@components) its ON mine.value = its.value))`,
  );
  const queueOne = db.prepare<{ event: string; subscriber: string; now: number }>(
    `INSERT OR IGNORE INTO outbox (event_id, subscriber_id, state, next_ms, queued_ms)
     VALUES (@event, @subscriber, 'queued', @now, @now)`,
  );
  const due = db.prepare<
    [number, number],
    { event_id: string; subscriber_id: string; attempts: number; queued_ms: number; payload: string }
  >(
    `SELECT o.event_id, o.subscriber_id, o.attempts, o.queued_ms, e.payload FROM outbox o JOIN events e ON e.id = o.event_id
     WHERE o.state = 'queued' AND o.next_ms <= ? ORDER BY o.next_ms LIMIT ?`,
  );
  const setSending = db.prepare<[string, string]>(
    "UPDATE outbox SET state = 'sending', attempts = attempts + 1 WHERE event_id = ? AND subscriber_id = ?",
  );
  const setDone = db.prepare<[string, number, string, string]>(
    'UPDATE outbox SET state = ?, done_ms = ?, last_error = NULL WHERE event_id = ? AND subscriber_id = ?',
  );
  const setFailed = db.prepare<[number, string, string, string]>(
    "UPDATE outbox SET state = 'queued', next_ms = ?, last_error = ? WHERE event_id = ? AND subscriber_id = ?",
  );
  const requeue = db.prepare<[number]>("UPDATE outbox SET state = 'queued', next_ms = ? WHERE state = 'sending'");
  const queuedCounts = db.prepare<[], { n: number; oldest: number | null }>(
    "SELECT count(*) AS n, min(queued_ms) AS oldest FROM outbox WHERE state IN ('queued', 'sending')",
  );
  const dueOrSending = db.prepare<[number], { n: number }>(
    "SELECT count(*) AS n FROM outbox WHERE state = 'sending' OR (state = 'queued' AND next_ms <= ?)",
  );
  const forgetMails = db.prepare<[number]>("DELETE FROM outbox WHERE state IN ('sent', 'void') AND done_ms < ?");
  const forgetEvents = db.prepare<[number]>(
    'DELETE FROM events WHERE created_ms < ? AND NOT EXISTS (SELECT 1 FROM outbox WHERE event_id = events.id)',
  );

  let lastEvent: { id: string; event: MailEvent } | undefined;
  return {
    queue: (eventId, event, nowMs) =>
      db.transaction(() => {
        addEvent.run(eventId, nowMs, JSON.stringify(event));
        const components = componentsOf(event);
        return queueMatching.run({
          event: eventId,
          now: nowMs,
          all: components.length === 0 ? 1 : 0,
          components: JSON.stringify(components),
        }).changes;
      })(),
    queueTo(eventId, event, subscriberId, nowMs) {
      addEvent.run(eventId, nowMs, JSON.stringify(event));
      queueOne.run({ event: eventId, subscriber: subscriberId, now: nowMs });
    },
    take: (limit, nowMs) =>
      db
        .transaction(() =>
          due.all(nowMs, limit).map((row) => {
            setSending.run(row.event_id, row.subscriber_id);
            // One event goes to many subscribers in a row: parsed once, not once a mail.
            if (lastEvent?.id !== row.event_id) {
              lastEvent = { id: row.event_id, event: MailEventSchema.parse(JSON.parse(row.payload)) };
            }
            return {
              eventId: row.event_id,
              subscriberId: row.subscriber_id,
              event: lastEvent.event,
              attempts: row.attempts + 1,
              queuedMs: row.queued_ms,
            };
          }),
        )
        .immediate(),
    markSent: (mail, nowMs) => void setDone.run('sent', nowMs, mail.eventId, mail.subscriberId),
    markVoid: (mail, nowMs) => void setDone.run('void', nowMs, mail.eventId, mail.subscriberId),
    markFailed: (mail, retryMs, error) =>
      void setFailed.run(retryMs, error.slice(0, 500), mail.eventId, mail.subscriberId),
    requeueInFlight: (nowMs) => requeue.run(nowMs).changes,
    counts() {
      const row = queuedCounts.get();
      return { queued: row?.n ?? 0, oldestQueuedMs: row?.oldest ?? undefined };
    },
    dueCount: (nowMs) => dueOrSending.get(nowMs)?.n ?? 0,
    forgetDone(nowMs) {
      forgetMails.run(nowMs - KEEP_SENT_MS);
      forgetEvents.run(nowMs - KEEP_SENT_MS);
    },
  };
}
