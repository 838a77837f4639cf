import { createHash } from 'node:crypto';
import { InputError } from '../errors/input-error.js';
import type { WebhookConfig } from '../schemas/components-config.js';

/** A receiver ready to send to: its URL, body format, signing secret and queue key. */
export interface WebhookTarget {
  readonly key: string;
  readonly url: string;
  readonly format: WebhookConfig['format'];
  readonly secret: string;
}

/**
 * Resolves each configured receiver's secret from the environment. A
 * missing or empty variable is an `InputError` naming the variable and the
 * config entry, never the value. The key is a digest of the URL, so the
 * queue file on disk holds no URL. Pure.
 */
export function resolveWebhookTargets(
  webhooks: readonly WebhookConfig[],
  env: NodeJS.ProcessEnv,
  configFile: string,
): WebhookTarget[] {
  const problems = webhooks.flatMap((webhook, index) =>
    (env[webhook.secret_env] ?? '') === ''
      ? [{ path: webhook.secret_env, reason: `is required: the signing secret of webhooks[${index}] in ${configFile}` }]
      : [],
  );
  if (problems.length > 0) throw new InputError('environment', problems);
  return webhooks.map((webhook) => ({
    key: createHash('sha256').update(webhook.url).digest('hex').slice(0, 16),
    url: webhook.url,
    format: webhook.format,
    secret: env[webhook.secret_env] ?? '',
  }));
}
