import { z } from 'zod';

/** Body formats a receiver can ask for. */
export const WEBHOOK_FORMATS = ['generic', 'slack'] as const;

/**
 * One receiver of events, in `data/components.json` `webhooks[]`. The URL
 * check is passed in (the config's own http(s) rule) and never echoes the
 * value: a webhook URL often is the secret (Slack's are).
 */
export function webhookConfigSchema(urlSchema: z.ZodType<string>) {
  return z.strictObject({
    url: urlSchema,
    format: z.enum(WEBHOOK_FORMATS, { error: 'must be "generic" or "slack"' }).default('generic'),
    secret_env: z
      .string({ error: 'is required: the environment variable holding the signing secret' })
      .regex(/^[A-Z_][A-Z0-9_]*$/, { error: 'must be an environment variable name like WEBHOOK_SECRET' }),
  });
}
