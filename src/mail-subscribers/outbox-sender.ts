import { errorMessage } from '../errors/describe-error.js';
import type { WriteFence } from '../io/write-fence.js';
import type { ProbeLog } from '../log/probe-log.js';
import { collectGarbage } from './collect-garbage.js';
import { linksOf } from './mail-links.js';
import type { MailPage } from './mail-page.js';
import type { MailTransport } from './mail-transport.js';
import { SMTP_CONCURRENCY } from './mail-transport.js';
import { maskAddressesIn } from './mask-address.js';
import type { OutboxMail } from './outbox.js';
import { renderMail } from './render-mail.js';
import { retryDelayMs } from './retry-delay.js';
import type { SubscriberStore } from './subscriber-store.js';
import { verpAddress } from './verp-address.js';

/** How often an idle sender looks for mails queued by another process (the listener of a standby, a command). */
export const OUTBOX_POLL_MS = 1_000;
/** Mails sent between two full collections (`collectGarbage`): a notice to thousands stays within tens of MB. */
export const COLLECT_EVERY_MAILS = 500;
/** How often unconfirmed sign-ups and old mails are forgotten. */
const FORGET_EVERY_MS = 3_600_000;

export interface OutboxSenderOptions {
  readonly store: SubscriberStore;
  readonly transport: MailTransport;
  readonly page: MailPage;
  readonly secret: string;
  /** The domain of the VERP envelope senders (`bounces+…@domain`). */
  readonly bounceDomain: string;
  readonly maxPerSecond: number;
  readonly log: ProbeLog;
  readonly concurrency?: number;
  readonly now?: () => number;
  readonly pollMs?: number;
  /** The first retry's delay; doubled with each attempt up to an hour. */
  readonly retryBaseMs?: number;
}

/** What the sender has done since it started, for the metrics. */
export interface SenderCounts {
  readonly sent: number;
  readonly failed: number;
}

export interface OutboxSender {
  /** Sends only while `fence` holds (the writer lock's lease): one sender per state directory. */
  fence(fence: WriteFence): void;
  start(): void;
  /** Looks at the outbox now rather than at the next poll. */
  wake(): void;
  counts(): SenderCounts;
  /**
   * For a run that ends (`probe --once`): sends what is due, for at most
   * `boundMs`, then stops; what is left waits for the next run.
   */
  drain(boundMs: number): Promise<void>;
  /** Stops taking mails; resolves once those in flight are done. */
  stop(): Promise<void>;
}

/**
 * Sends the outbox: `concurrency` workers, each taking one mail at a time
 * (so at most that many are `sending` when the process dies), paced to
 * `maxPerSecond` together, rendering each mail in its subscriber's
 * language and zone at the moment it goes. A mail whose subscriber left,
 * or whose confirmation link was voided, is dropped; one the relay does
 * not take is tried again with backoff, never dropped.
 */
export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { store, transport, page, secret, log } = options;
  const now = options.now ?? Date.now;
  const concurrency = options.concurrency ?? SMTP_CONCURRENCY;
  const intervalMs = 1000 / options.maxPerSecond;
  let lease: WriteFence | undefined;
  let running = false;
  let workers: Promise<void>[] = [];
  let nextSlotMs = 0;
  let lastForgetMs = 0;
  let requeued = false;
  const counts = { sent: 0, failed: 0 };
  // Sleepers a wake-up cuts short: each removes itself when its timer ends, so none pile up.
  const sleepers = new Set<() => void>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });

  function wake(): void {
    for (const done of [...sleepers]) done();
  }

  async function deliver(mail: OutboxMail): Promise<void> {
    const subscriber = store.byId(mail.subscriberId);
    const confirming = mail.event.kind === 'confirmation';
    const nonce = confirming ? mail.eventId.replace(/^confirm-/, '') : undefined;
    const goes =
      subscriber !== undefined &&
      subscriber.state !== 'quarantined' &&
      (confirming
        ? subscriber.pending?.nonce === nonce
        : subscriber.state === 'confirmed' || mail.event.kind === 'test');
    if (!goes || subscriber === undefined) {
      store.outbox.markVoid(mail, now());
      return;
    }
    const choice = confirming && subscriber.pending !== undefined ? subscriber.pending.choice : subscriber.choice;
    const rendered = renderMail(mail.event, choice, page, linksOf(page, secret, subscriber, nonce));
    try {
      await transport.send({
        ...rendered,
        to: subscriber.email,
        envelopeFrom: verpAddress(secret, subscriber.id, options.bounceDomain),
      });
      store.outbox.markSent(mail, now());
      counts.sent += 1;
      if (counts.sent % COLLECT_EVERY_MAILS === 0) collectGarbage();
    } catch (error) {
      counts.failed += 1;
      const delayMs = retryDelayMs(mail.attempts, options.retryBaseMs);
      const why = maskAddressesIn(errorMessage(error));
      store.outbox.markFailed(mail, now() + delayMs, why);
      log.error(
        `mail subscribers: the relay did not take a mail (attempt ${mail.attempts}, again in ${Math.round(delayMs / 1000)} s): ${why}`,
      );
    }
  }

  async function work(): Promise<void> {
    while (running) {
      if (lease !== undefined && !lease.holds()) {
        await sleep(options.pollMs ?? OUTBOX_POLL_MS);
        continue;
      }
      try {
        if (!requeued) {
          requeued = true;
          const again = store.outbox.requeueInFlight(now());
          if (again > 0)
            log.info(`mail subscribers: ${again} mails left in flight by an earlier sender are sent again`);
        }
        if (now() - lastForgetMs > FORGET_EVERY_MS) {
          lastForgetMs = now();
          store.forgetOld(now());
        }
        // Paced together: each worker takes the next slot before it takes a mail.
        const slotMs = Math.max(nextSlotMs, performance.now());
        nextSlotMs = slotMs + intervalMs;
        const waitMs = slotMs - performance.now();
        if (waitMs > 0) await sleep(waitMs);
        if (!running || (lease !== undefined && !lease.holds())) continue;
        const [mail] = store.outbox.take(1, now());
        if (mail === undefined) {
          nextSlotMs = 0;
          await sleep(options.pollMs ?? OUTBOX_POLL_MS);
          continue;
        }
        await deliver(mail);
      } catch (error) {
        log.error(`mail subscribers: the outbox could not be read: ${errorMessage(error)}`);
        await sleep(options.pollMs ?? OUTBOX_POLL_MS);
      }
    }
  }

  return {
    fence(fence) {
      lease = fence;
    },
    start() {
      if (running) return;
      running = true;
      workers = Array.from({ length: concurrency }, () => work());
    },
    wake,
    counts: () => ({ ...counts }),
    async drain(boundMs) {
      this.start();
      const endMs = performance.now() + boundMs;
      while (performance.now() < endMs && store.outbox.dueCount(now()) > 0) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await this.stop();
    },
    async stop() {
      running = false;
      wake();
      await Promise.all(workers);
      workers = [];
      transport.close();
    },
  };
}
