import { join } from 'node:path';
import type { ComponentOutcome } from '../cycle/decide-component.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { Notice } from '../schemas/notice.js';
import { coalesceProbeChanges } from './coalesce-probe-changes.js';
import { decideNoticeMails } from './decide-notice-mails.js';
import type { MailSettings } from './load-mail-settings.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';
import { createOutboxSender, type OutboxSender, type OutboxSenderOptions } from './outbox-sender.js';
import { createSignupLimiter } from './signup-limiter.js';
import { openSubscriberStore, type SubscriberStore } from './subscriber-store.js';
import { SUBSCRIBERS_FILE_NAME } from './subscribers-database.js';
import { type SubscriptionListener, startSubscriptionListener } from './subscription-listener.js';

export interface MailSubscribersOptions {
  readonly settings: MailSettings;
  /** The probe's state directory: `subscribers.sqlite` lives there, beside the history. */
  readonly stateDir: string;
  readonly log: ProbeLog;
  readonly now?: () => number;
  /** Overrides of the sender (tests: quick polls and retries). */
  readonly sending?: Partial<Pick<OutboxSenderOptions, 'pollMs' | 'retryBaseMs' | 'concurrency'>>;
  readonly transport?: MailTransport;
}

/** What a published cycle tells the mails: each component's outcome, and the notices applied. */
export interface CycleForMails {
  readonly components: readonly Pick<ComponentOutcome, 'name' | 'memory' | 'underMaintenance'>[];
  readonly notices: readonly Notice[] | undefined;
}

/**
 * The email subscribers as the probe runs them: the store, the sender of
 * the outbox (which sends only while the writer lock's lease holds), the
 * public listener, and the cycle's hook that queues what a cycle calls for.
 */
export interface MailSubscribers {
  readonly store: SubscriberStore;
  readonly sender: OutboxSender;
  readonly settings: MailSettings;
  /** Queues what a published cycle calls for: its notices' changes at once, the probe's once they held. */
  queueCycle(cycle: CycleForMails): number;
  listen(port: number, host: string): Promise<SubscriptionListener>;
  close(): Promise<void>;
}

export function createMailSubscribers(options: MailSubscribersOptions): MailSubscribers {
  const { settings, log } = options;
  const now = options.now ?? Date.now;
  const store = openSubscriberStore(join(options.stateDir, SUBSCRIBERS_FILE_NAME));
  const transport =
    options.transport ?? createMailTransport({ smtpUrl: settings.smtpUrl, from: settings.from, dkim: settings.dkim });
  const sender = createOutboxSender({
    ...options.sending,
    store,
    transport,
    page: settings.page,
    secret: settings.secret,
    bounceDomain: settings.bounceDomain,
    maxPerSecond: settings.maxPerSecond,
    log,
    now,
  });
  const listeners: SubscriptionListener[] = [];
  return {
    store,
    sender,
    settings,
    queueCycle(cycle) {
      const nowMs = now();
      const queued = store.memory.record((state) => {
        const notices =
          cycle.notices === undefined ? undefined : decideNoticeMails(cycle.notices, state.announced, nowMs);
        const probe = coalesceProbeChanges(
          state.watched,
          cycle.components.map((component) => ({
            name: component.name,
            state: component.underMaintenance ? undefined : component.memory.published,
          })),
          nowMs,
          settings.holdMs,
        );
        const probeEvents =
          probe.changes.length === 0
            ? []
            : [{ id: `probe-${nowMs}`, event: { kind: 'probe' as const, atMs: nowMs, changes: probe.changes } }];
        return {
          events: [...(notices?.events ?? []), ...probeEvents],
          announced: notices?.announced,
          watched: probe.watched,
        };
      }, nowMs);
      if (queued > 0) sender.wake();
      return queued;
    },
    async listen(port, host) {
      const listener = await startSubscriptionListener(
        {
          store,
          secret: settings.secret,
          page: settings.page,
          origins: settings.origins,
          trustedProxies: settings.trustedProxies,
          limiter: createSignupLimiter(),
          log,
          now,
          queued: () => sender.wake(),
        },
        port,
        host,
      );
      listeners.push(listener);
      return listener;
    },
    async close() {
      await Promise.all(listeners.map((listener) => listener.close()));
      await sender.stop();
      store.close();
    },
  };
}
