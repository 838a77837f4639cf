import { ComponentsConfigSchema } from '../../src/schemas/components-config.js';

/** The secret the tests sign tokens with. */
export const TEST_SECRET = 'test-secret-0123456789abcdefghij';

/** A components config with `subscribers`, its endpoint on loopback, four components. */
export function subscribersConfig(extra: Record<string, unknown> = {}) {
  return {
    public_url: 'http://127.0.0.1:3043',
    page_name: 'Platform status',
    components: ['Control API', 'Scheduler', 'Build Service', 'Registry'].map((name, index) => ({
      name,
      url: `http://127.0.0.1:${4101 + index}/health`,
    })),
    subscribers: {
      endpoint: 'http://127.0.0.1:3043/api/subscriptions',
      from: 'Platform status <status@example.com>',
      smtp_url_env: 'SMTP_URL',
      secret_env: 'SUBSCRIBERS_SECRET',
      probe_changes_after_seconds: 300,
      max_per_second: 200,
      ...extra,
    },
  };
}

/** `subscribersConfig` parsed, as the probe reads it. */
export function parsedSubscribersConfig(extra: Record<string, unknown> = {}) {
  return ComponentsConfigSchema.parse(subscribersConfig(extra));
}

/** The environment of `subscribersConfig`, for a relay at `smtpUrl`. */
export function subscribersEnv(smtpUrl: string): NodeJS.ProcessEnv {
  return { SMTP_URL: smtpUrl, SUBSCRIBERS_SECRET: TEST_SECRET };
}

/** The token in a link of a mail's text (`?token=…`) whose path ends with `path`. */
export function tokenIn(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9._-]+)`).exec(text);
  if (match?.[1] === undefined) throw new Error(`no ${path} link in:\n${text}`);
  return match[1];
}
