/** Where `npm start` takes sign-ups, on the page's own origin (its CSP allows `connect-src 'self'` only). */
export const DEMO_SUBSCRIPTIONS_PATH = '/api/subscriptions';

/**
 * The email subscribers `npm start` adds to a config that has none: the
 * endpoint on the local page's origin (plain http, allowed on loopback),
 * mail through the variables `SMTP_URL` and `SUBSCRIBERS_SECRET` (which
 * `start` fills with the mail stand-in and a fresh secret unless they are
 * set), the probe's changes mailed as soon as the checks' verdict changes
 * (rather than after 5 minutes), and the local server trusted as the proxy.
 * `public_url` is the local page unless the config names one. Pure.
 */
export function withDemoSubscribers(
  config: Readonly<Record<string, unknown>>,
  origin: string,
): Record<string, unknown> {
  return {
    ...config,
    public_url: config.public_url ?? origin,
    subscribers: {
      endpoint: `${origin}${DEMO_SUBSCRIPTIONS_PATH}`,
      from: 'Local status <status@status.localhost>',
      smtp_url_env: 'SMTP_URL',
      secret_env: 'SUBSCRIBERS_SECRET',
      probe_changes_after_seconds: 0,
      trusted_proxies: ['127.0.0.1'],
    },
  };
}
