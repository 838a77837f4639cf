import { dirname } from 'node:path';
import type { ProbeLog } from '../log/probe-log.js';
import type { ComponentsConfig } from '../schemas/components-config.js';
import { type PostWebhook, postWebhook } from '../webhooks/post-webhook.js';
import { createSubscriptions, type Subscriptions } from './create-subscriptions.js';
import { loadSubscriptionSettings } from './load-subscription-settings.js';

export interface LoadSubscriptionsOptions {
  /** `data/components.json`: `public_url` and `webhooks`. */
  readonly configFile: string;
  /** The probe's state file: the queue and what was announced live beside it. */
  readonly stateFile: string;
  readonly log: ProbeLog;
  readonly env?: NodeJS.ProcessEnv | undefined;
  /** Wraps the poster of webhook deliveries (the probe's metrics count each attempt). */
  readonly observePost?: ((post: PostWebhook) => PostWebhook) | undefined;
  /** `configFile` as the process read it already; read here unless given. */
  readonly config?: ComponentsConfig | undefined;
}

/** The probe's subscriptions as the CLI starts them. Throws `InputError` for a bad config or a missing secret. */
export async function loadSubscriptions(options: LoadSubscriptionsOptions): Promise<Subscriptions> {
  const settings = await loadSubscriptionSettings(options.configFile, options.env, options.config);
  return createSubscriptions({
    settings,
    stateDir: dirname(options.stateFile),
    log: options.log,
    delivery: options.observePost && { post: options.observePost(postWebhook) },
  });
}
