import { createHash } from 'node:crypto';
import { InputError } from '../errors/input-error.js';
import type { WebhookConfig } from '../schemas/components-config.js';
import type { WebhookFormat } from '../schemas/webhook-config.js';

/** A receiver ready to send to: its URL, body format, signing secret (`generic` only) and queue key. */
export interface WebhookTarget {
  readonly key: string;
  readonly url: string;
  readonly format: WebhookFormat;
  /** The HMAC key of a `generic` receiver; chat services are not signed for. */
  readonly secret?: string;
  /** `public_url`, for the chat messages' link to the page. */
  readonly publicUrl?: string;
}

/**
 * Resolves each `generic` receiver's secret from the environment. A
 * missing or empty variable is an `InputError` naming the variable and the
 * config entry, never the value. Chat receivers are not signed for, so
 * their `secret_env`, if any, is not read. The key is a digest of the URL,
 * so the queue file on disk holds no URL. Pure.
 */
export function resolveWebhookTargets(
  webhooks: readonly WebhookConfig[],
  env: NodeJS.ProcessEnv,
  configFile: string,
  publicUrl?: string,
): WebhookTarget[] {
  const signed = (webhook: WebhookConfig) => webhook.format === 'generic' && webhook.secret_env !== undefined;
  const problems = webhooks.flatMap((webhook, index) =>
    signed(webhook) && (env[webhook.secret_env ?? ''] ?? '') === ''
      ? [
          {
            path: webhook.secret_env ?? '',
            reason: `is required: the signing secret of webhooks[${index}] in ${configFile}`,
          },
        ]
      : [],
  );
  if (problems.length > 0) throw new InputError('environment', problems);
  return webhooks.map((webhook) => ({
    key: createHash('sha256').update(webhook.url).digest('hex').slice(0, 16),
    url: webhook.url,
    format: webhook.format,
    ...(signed(webhook) ? { secret: env[webhook.secret_env ?? ''] ?? '' } : {}),
    ...(publicUrl === undefined ? {} : { publicUrl }),
  }));
}
