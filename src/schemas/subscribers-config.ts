import { isIP } from 'node:net';
import { z } from 'zod';

/** A probe-detected change is mailed only once it has held this long (seconds). */
export const DEFAULT_PROBE_CHANGES_AFTER_SECONDS = 300;
/** Mails handed to the relay a second at most, unless the config says otherwise. */
export const DEFAULT_MAX_MAILS_PER_SECOND = 10;

const envName = (what: string) =>
  z
    .string({ error: `is required: the environment variable holding ${what}` })
    .regex(/^[A-Z_][A-Z0-9_]*$/, { error: 'must be an environment variable name like SMTP_URL' });

/** Hosts only this machine reaches: the one place a plain-http endpoint is allowed. */
function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'));
}

/**
 * The public URL of the subscription endpoint (`probe --subscribe-port`
 * behind a proxy): https, or plain http on loopback only. Never echoed: a
 * reason names what is wrong, not the value.
 */
const EndpointSchema = z.string().superRefine((value, ctx) => {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    ctx.addIssue({ code: 'custom', message: 'must be an absolute https URL' });
    return;
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    ctx.addIssue({ code: 'custom', message: 'must be https (plain http only on a loopback address)' });
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    ctx.addIssue({ code: 'custom', message: 'must not carry credentials, a query or a fragment' });
  }
});

/** `Name <address>` or a bare address: what goes into `From:`. */
const FromSchema = z
  .string({ error: 'is required: the sender, like "Platform status <status@example.com>"' })
  .regex(/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/, {
    error: 'must be an address or "Name <address>"',
  });

/** The DKIM key the mails are signed with: a domain, a selector, and the variable holding the private key (PEM). */
export const DkimConfigSchema = z.strictObject({
  domain: z.string().regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, {
    error: 'must be a domain name like example.com',
  }),
  selector: z.string().regex(/^[a-z0-9]([a-z0-9_-]*[a-z0-9])?$/i, { error: 'must be a DKIM selector like status' }),
  private_key_env: envName('the DKIM private key (PEM)'),
});

/** `subscribers` in `data/components.json`: email subscribers with double opt-in. */
export const SubscribersConfigSchema = z.strictObject({
  endpoint: EndpointSchema,
  from: FromSchema,
  smtp_url_env: envName('the relay (smtp:// or smtps:// URL)'),
  secret_env: envName('the secret tokens are signed with'),
  dkim: DkimConfigSchema.optional(),
  probe_changes_after_seconds: z
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(0, { error: 'must be at least 0' })
    .max(7 * 24 * 3_600, { error: 'must be at most 604800 (a week)' })
    .default(DEFAULT_PROBE_CHANGES_AFTER_SECONDS),
  max_per_second: z
    .number({ error: 'must be a number of mails a second' })
    .positive({ error: 'must be more than 0' })
    .max(10_000, { error: 'must be at most 10000' })
    .default(DEFAULT_MAX_MAILS_PER_SECOND),
  /** Proxies whose `X-Forwarded-For` names the client (rate limits); nobody else's is believed. */
  trusted_proxies: z
    .array(z.string().refine((value) => isIP(value) !== 0, { error: 'must be an IP address' }))
    .default([]),
});
export type SubscribersConfig = z.infer<typeof SubscribersConfigSchema>;
