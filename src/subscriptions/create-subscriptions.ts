import { join } from 'node:path';
import type { ProbeLog } from '../log/probe-log.js';
import {
  createWebhookDeliverer,
  type DelivererOptions,
  type WebhookDeliverer,
} from '../webhooks/create-webhook-deliverer.js';
import { WEBHOOK_QUEUE_FILE } from '../webhooks/webhook-queue-file.js';
import type { SubscriptionSettings } from './subscription-settings.js';

export interface SubscriptionsOptions {
  readonly settings: SubscriptionSettings;
  /** The probe's state directory: the webhook queue. */
  readonly stateDir: string;
  readonly log: ProbeLog;
  /** Overrides for the deliverer (tests: fast retries, a fixed clock). */
  readonly delivery?: Partial<Omit<DelivererOptions, 'queueFile' | 'targets' | 'log'>> | undefined;
}

/**
 * The feed, the webhooks and the Statuspage documents, as the probe drives
 * them: their settings, which the publish steps are made from
 * (`composePublishSteps`), and the deliverer of the webhook events, which
 * sends them apart from the cycle, so a slow receiver never holds up publishing.
 */
export interface Subscriptions {
  readonly settings: SubscriptionSettings;
  readonly deliverer: WebhookDeliverer;
}

/** The subscriptions of `settings`, their deliverer keeping its queue in the state directory. */
export function createSubscriptions({ settings, stateDir, log, delivery }: SubscriptionsOptions): Subscriptions {
  const deliverer = createWebhookDeliverer({
    ...delivery,
    queueFile: join(stateDir, WEBHOOK_QUEUE_FILE),
    targets: settings.webhooks,
    log,
  });
  return { settings, deliverer };
}
