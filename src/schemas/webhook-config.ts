import { z } from 'zod';
import { detectWebhookFormat } from './detect-webhook-format.js';

/** Body formats a receiver can ask for: our signed event, or a chat service's message. */
export const WEBHOOK_FORMATS = ['generic', 'slack', 'discord', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/**
 * One receiver of events, in `data/components.json` `webhooks[]`. The URL
 * check is passed in (the config's own http(s) rule) and never echoes the
 * value: a webhook URL often is the secret (Slack's are). Without `format`,
 * Slack's, Discord's and Teams' webhook hosts are recognised and the rest is
 * `generic`. Only `generic` is signed, so only it needs `secret_env`.
 */
export function webhookConfigSchema(urlSchema: z.ZodType<string>) {
  return z
    .strictObject({
      url: urlSchema,
      format: z.enum(WEBHOOK_FORMATS, { error: `must be one of ${WEBHOOK_FORMATS.join(', ')}` }).optional(),
      secret_env: z
        .string({ error: 'must be the name of an environment variable' })
        .regex(/^[A-Z_][A-Z0-9_]*$/, { error: 'must be an environment variable name like WEBHOOK_SECRET' })
        .optional(),
    })
    .transform(({ url, format, secret_env }, ctx) => {
      const resolved = format ?? detectWebhookFormat(url);
      if (resolved === 'generic' && secret_env === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['secret_env'],
          message: 'is required: the environment variable holding the signing secret',
        });
        return z.NEVER;
      }
      return { url, format: resolved, ...(secret_env === undefined ? {} : { secret_env }) };
    });
}
