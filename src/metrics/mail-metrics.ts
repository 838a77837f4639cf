import { Counter, Gauge, type Registry } from 'prom-client';

/** What the email subscribers' sender and outbox say at a scrape. */
export interface MailStats {
  /** Mails the relay took, and attempts it did not, since this process started sending. */
  readonly sent: number;
  readonly failed: number;
  readonly queued: number;
  /** When the oldest mail still queued was queued (ms since the epoch); `undefined` with none. */
  readonly oldestQueuedMs: number | undefined;
  readonly quarantined: number;
}

/**
 * The email subscribers' metrics, read from the outbox and the sender at
 * each scrape (one source of truth): mails sent and failed, queued, the
 * oldest queued mail's age, and the quarantined addresses. No address ever.
 */
export function registerMailMetrics(registry: Registry, read: () => MailStats, now: () => number = Date.now): void {
  const registers = [registry];
  let counted = { sent: 0, failed: 0 };
  const stats = read;
  const sync = (counter: Counter, key: 'sent' | 'failed', value: number) => {
    if (value > counted[key]) counter.inc(value - counted[key]);
    counted = { ...counted, [key]: Math.max(counted[key], value) };
  };
  const sent: Counter = new Counter({
    name: 'service_directory_mail_sent_total',
    help: 'Mails to email subscribers the relay took.',
    registers,
    collect() {
      sync(sent, 'sent', stats().sent);
    },
  });
  const failed: Counter = new Counter({
    name: 'service_directory_mail_failed_total',
    help: 'Attempts to hand a mail to the relay that failed (each is tried again with backoff).',
    registers,
    collect() {
      sync(failed, 'failed', stats().failed);
    },
  });
  new Gauge({
    name: 'service_directory_mail_queued',
    help: 'Mails to email subscribers waiting in the outbox.',
    registers,
    collect() {
      this.set(stats().queued);
    },
  });
  new Gauge({
    name: 'service_directory_mail_oldest_queued_age_seconds',
    help: 'How long the oldest mail in the outbox has waited; 0 when none waits.',
    registers,
    collect() {
      const oldest = stats().oldestQueuedMs;
      this.set(oldest === undefined ? 0 : Math.max(0, (now() - oldest) / 1000));
    },
  });
  new Gauge({
    name: 'service_directory_mail_quarantined',
    help: 'Addresses quarantined after a permanent bounce (5.x.x); purged after 90 days.',
    registers,
    collect() {
      this.set(stats().quarantined);
    },
  });
}
