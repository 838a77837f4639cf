import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { type ConfirmDecision, decideConfirm, decideSignup, type Subscriber } from './decide-signup.js';
import { createMailMemory, type MailMemory } from './mail-memory.js';
import { createOutbox, type Outbox } from './outbox.js';
import { openSubscribersDatabase } from './subscribers-database.js';
import type { MailLanguage, SubscriptionChoice } from './subscription-choice.js';

/** An unconfirmed sign-up is forgotten after a week; a quarantined address after 90 days. */
export const FORGET_PENDING_MS = 7 * 24 * 3_600_000;
export const FORGET_QUARANTINED_MS = 90 * 24 * 3_600_000;

interface SubscriberRow {
  id: string;
  email: string;
  state: Subscriber['state'];
  components: string;
  language: string;
  time_zone: string;
  pending_choice: string | null;
  confirm_nonce: string | null;
  confirm_expires_ms: number | null;
  key: string;
  created_ms: number;
  confirmed_ms: number | null;
  quarantined_ms: number | null;
  confirmations_ms: string;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

function toSubscriber(row: SubscriberRow): Subscriber {
  const choice: SubscriptionChoice = {
    components: JSON.parse(row.components) as string[],
    language: row.language as MailLanguage,
    timeZone: row.time_zone,
  };
  return {
    id: row.id,
    email: row.email,
    state: row.state,
    choice,
    pending:
      row.pending_choice === null || row.confirm_nonce === null || row.confirm_expires_ms === null
        ? undefined
        : {
            choice: JSON.parse(row.pending_choice) as SubscriptionChoice,
            nonce: row.confirm_nonce,
            expiresMs: row.confirm_expires_ms,
          },
    key: row.key,
    createdMs: row.created_ms,
    confirmedMs: row.confirmed_ms ?? undefined,
    quarantinedMs: row.quarantined_ms ?? undefined,
    confirmationsMs: JSON.parse(row.confirmations_ms) as number[],
  };
}

function toRow(subscriber: Subscriber): SubscriberRow {
  return {
    id: subscriber.id,
    email: subscriber.email,
    state: subscriber.state,
    components: JSON.stringify(subscriber.choice.components),
    language: subscriber.choice.language,
    time_zone: subscriber.choice.timeZone,
    pending_choice: subscriber.pending === undefined ? null : JSON.stringify(subscriber.pending.choice),
    confirm_nonce: subscriber.pending?.nonce ?? null,
    confirm_expires_ms: subscriber.pending?.expiresMs ?? null,
    key: subscriber.key,
    created_ms: subscriber.createdMs,
    confirmed_ms: subscriber.confirmedMs ?? null,
    quarantined_ms: subscriber.quarantinedMs ?? null,
    confirmations_ms: JSON.stringify(subscriber.confirmationsMs),
  };
}

/** Counts by state, as the metrics and `subscribers count` show them. */
export interface SubscriberCounts {
  readonly pending: number;
  readonly confirmed: number;
  readonly quarantined: number;
}

/**
 * The email subscribers and their outbox, in one SQLite file in the probe's
 * state directory (`subscribers.sqlite`). Every change is one transaction;
 * decisions are made by the pure `decideSignup` and `decideConfirm`.
 */
export interface SubscriberStore {
  readonly outbox: Outbox;
  /** What the mails have told of notices and components, saved with the events each cycle queues. */
  readonly memory: MailMemory;
  /** A sign-up: saves what `decideSignup` decides and queues the confirmation mail, in one transaction. */
  signUp(email: string, choice: SubscriptionChoice, nowMs: number): void;
  /** A confirmation link's nonce: confirms the subscriber's latest sign-up, or says why not. */
  confirm(id: string, nonce: string, nowMs: number): ConfirmDecision['kind'];
  /** The subscriber a manage or unsubscribe link names, if its key still matches. */
  byKey(id: string, key: string): Subscriber | undefined;
  /** The subscriber of an id, whatever its state. */
  byId(id: string): Subscriber | undefined;
  byEmail(email: string): Subscriber | undefined;
  /** Changes what a confirmed subscriber receives. */
  change(id: string, key: string, choice: SubscriptionChoice): boolean;
  /** Removes a subscriber and its queued mails; `false` when there was none. */
  remove(id: string): boolean;
  /** Adds or replaces a subscriber already confirmed elsewhere (`subscribers import --confirmed`). */
  importConfirmed(email: string, choice: SubscriptionChoice, nowMs: number): 'added' | 'updated' | 'quarantined';
  /** Records a bounce; a permanent one quarantines the address. */
  recordBounce(id: string, status: string, permanent: boolean, nowMs: number): boolean;
  /** Every subscriber, by address. */
  list(): Subscriber[];
  counts(): SubscriberCounts;
  /** Forgets unconfirmed sign-ups after a week and quarantined addresses after 90 days. */
  forgetOld(nowMs: number): void;
  close(): void;
}

/** Opens the store (creating the file if needed). */
export function openSubscriberStore(file: string): SubscriberStore {
  mkdirSync(dirname(file), { recursive: true });
  const db = openSubscribersDatabase(file);
  return createSubscriberStore(db);
}

function createSubscriberStore(db: Database.Database): SubscriberStore {
  const byEmail = db.prepare<[string], SubscriberRow>('SELECT * FROM subscribers WHERE email = ?');
  const byId = db.prepare<[string], SubscriberRow>('SELECT * FROM subscribers WHERE id = ?');
  const upsert = db.prepare<[SubscriberRow]>(
    `INSERT INTO subscribers VALUES (@id, @email, @state, @components, @language, @time_zone, @pending_choice,
       @confirm_nonce, @confirm_expires_ms, @key, @created_ms, @confirmed_ms, @quarantined_ms, @confirmations_ms)
     ON CONFLICT (id) DO UPDATE SET email = excluded.email, state = excluded.state, components = excluded.components,
       language = excluded.language, time_zone = excluded.time_zone, pending_choice = excluded.pending_choice,
       confirm_nonce = excluded.confirm_nonce, confirm_expires_ms = excluded.confirm_expires_ms, key = excluded.key,
       confirmed_ms = excluded.confirmed_ms, quarantined_ms = excluded.quarantined_ms,
       confirmations_ms = excluded.confirmations_ms`,
  );
  const deleteSubscriber = db.prepare<[string]>('DELETE FROM subscribers WHERE id = ?');
  const deleteQueued = db.prepare<[string]>(
    "DELETE FROM outbox WHERE subscriber_id = ? AND state IN ('queued', 'sending')",
  );
  const addBounce = db.prepare<[string, number, string, number]>(
    'INSERT INTO bounces (subscriber_id, at_ms, status, permanent) VALUES (?, ?, ?, ?)',
  );
  const counts = db.prepare<[], { state: Subscriber['state']; n: number }>(
    'SELECT state, count(*) AS n FROM subscribers GROUP BY state',
  );
  const outbox = createOutbox(db);
  const find = (row: SubscriberRow | undefined) => (row === undefined ? undefined : toSubscriber(row));
  const save = (subscriber: Subscriber) => upsert.run(toRow(subscriber));

  return {
    outbox,
    memory: createMailMemory(db, outbox),
    signUp: (email, choice, nowMs) =>
      db
        .transaction(() => {
          const existing = find(byEmail.get(email));
          const fresh = { id: hex(12), nonce: hex(8), key: hex(8) };
          const decision = decideSignup(existing, email, choice, nowMs, fresh);
          if (decision.save === undefined) return;
          save(decision.save);
          if (decision.mail && decision.save.pending !== undefined) {
            outbox.queueTo(`confirm-${decision.save.pending.nonce}`, { kind: 'confirmation' }, decision.save.id, nowMs);
          }
        })
        .immediate(),
    confirm: (id, nonce, nowMs) =>
      db
        .transaction(() => {
          const decision = decideConfirm(find(byId.get(id)), nonce, nowMs);
          if (decision.kind === 'confirmed') save(decision.save);
          return decision.kind;
        })
        .immediate(),
    byKey(id, key) {
      const subscriber = find(byId.get(id));
      return subscriber?.key === key && subscriber.state === 'confirmed' ? subscriber : undefined;
    },
    byId: (id) => find(byId.get(id)),
    byEmail: (email) => find(byEmail.get(email)),
    change: (id, key, choice) =>
      db
        .transaction(() => {
          const subscriber = find(byId.get(id));
          if (subscriber?.key !== key || subscriber.state !== 'confirmed') return false;
          save({ ...subscriber, choice });
          return true;
        })
        .immediate(),
    remove: (id) =>
      db
        .transaction(() => {
          deleteQueued.run(id);
          return deleteSubscriber.run(id).changes > 0;
        })
        .immediate(),
    importConfirmed: (email, choice, nowMs) =>
      db
        .transaction(() => {
          const existing = find(byEmail.get(email));
          if (existing?.state === 'quarantined') return 'quarantined' as const;
          save({
            id: existing?.id ?? hex(12),
            email,
            state: 'confirmed',
            choice,
            pending: undefined,
            key: existing?.key ?? hex(8),
            createdMs: existing?.createdMs ?? nowMs,
            confirmedMs: existing?.confirmedMs ?? nowMs,
            quarantinedMs: undefined,
            confirmationsMs: existing?.confirmationsMs ?? [],
          });
          return existing === undefined ? ('added' as const) : ('updated' as const);
        })
        .immediate(),
    recordBounce: (id, status, permanent, nowMs) =>
      db
        .transaction(() => {
          const subscriber = find(byId.get(id));
          if (subscriber === undefined) return false;
          addBounce.run(id, nowMs, status, permanent ? 1 : 0);
          if (permanent && subscriber.state !== 'quarantined') {
            save({ ...subscriber, state: 'quarantined', pending: undefined, quarantinedMs: nowMs });
            deleteQueued.run(id);
          }
          return true;
        })
        .immediate(),
    list: () => db.prepare<[], SubscriberRow>('SELECT * FROM subscribers ORDER BY email').all().map(toSubscriber),
    counts() {
      const found = Object.fromEntries(counts.all().map(({ state, n }) => [state, n]));
      return { pending: found.pending ?? 0, confirmed: found.confirmed ?? 0, quarantined: found.quarantined ?? 0 };
    },
    forgetOld(nowMs) {
      db.transaction(() => {
        const old = db
          .prepare<[number, number], { id: string }>(
            `SELECT id FROM subscribers WHERE (state = 'pending' AND created_ms < ?)
               OR (state = 'quarantined' AND quarantined_ms < ?)`,
          )
          .all(nowMs - FORGET_PENDING_MS, nowMs - FORGET_QUARANTINED_MS);
        for (const { id } of old) {
          deleteQueued.run(id);
          deleteSubscriber.run(id);
        }
        outbox.forgetDone(nowMs);
      }).immediate();
    },
    close: () => db.close(),
  };
}
