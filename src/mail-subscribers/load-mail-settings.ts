import { InputError } from '../errors/input-error.js';
import { displayPath } from '../io/display-path.js';
import { readDocument } from '../io/read-document.js';
import { type ComponentsConfig, ComponentsConfigSchema } from '../schemas/components-config.js';
import { describeMailPage, type MailPage } from './mail-page.js';
import type { DkimKey } from './mail-transport.js';
import { domainOf } from './verp-address.js';

/** The shortest secret tokens are signed with: 128 bits written as hex or base64 take about this many characters. */
export const MIN_SECRET_CHARS = 24;

/** What the email subscribers need, from the components config and the environment, decided once at start-up. */
export interface MailSettings {
  readonly page: MailPage;
  readonly from: string;
  /** The relay's URL, credentials and all: never logged. */
  readonly smtpUrl: string;
  readonly secret: string;
  readonly dkim: DkimKey | undefined;
  /** The domain of the VERP envelope senders: `from`'s. */
  readonly bounceDomain: string;
  /** `probe_changes_after_seconds`, in ms. */
  readonly holdMs: number;
  readonly maxPerSecond: number;
  readonly trustedProxies: ReadonlySet<string>;
  /** Origins whose pages may POST to the endpoint: the page's and the endpoint's own. */
  readonly origins: ReadonlySet<string>;
}

/**
 * The settings of the config's `subscribers`, or `undefined` without one.
 * Throws `InputError` naming the variable that is unset or unusable; never
 * its value.
 */
export function mailSettingsOf(
  config: ComponentsConfig,
  env: NodeJS.ProcessEnv,
  file = 'environment',
): MailSettings | undefined {
  const subscribers = config.subscribers;
  if (subscribers === undefined || config.public_url === undefined) return undefined;
  const variable = (name: string, field: string, check: (value: string) => string | undefined) => {
    const value = env[name];
    const reason = value === undefined || value === '' ? 'is not set' : check(value);
    if (reason !== undefined) {
      throw new InputError(file, [{ path: `subscribers.${field}`, reason: `the variable ${name} ${reason}` }]);
    }
    return value ?? '';
  };
  const smtpUrl = variable(subscribers.smtp_url_env, 'smtp_url_env', (value) =>
    /^smtps?:\/\/[^/]/i.test(value) ? undefined : 'is not an smtp:// or smtps:// URL',
  );
  const secret = variable(subscribers.secret_env, 'secret_env', (value) =>
    value.length >= MIN_SECRET_CHARS ? undefined : `is shorter than ${MIN_SECRET_CHARS} characters`,
  );
  const dkim =
    subscribers.dkim === undefined
      ? undefined
      : {
          domainName: subscribers.dkim.domain,
          keySelector: subscribers.dkim.selector,
          privateKey: variable(subscribers.dkim.private_key_env, 'dkim.private_key_env', (value) =>
            value.includes('PRIVATE KEY') ? undefined : 'is not a PEM private key',
          ),
        };
  const publicUrl = config.public_url;
  return {
    page: describeMailPage(
      config.page_name ?? new URL(publicUrl).hostname,
      publicUrl,
      subscribers.endpoint,
      config.components,
    ),
    from: subscribers.from,
    smtpUrl,
    secret,
    dkim,
    bounceDomain: domainOf(subscribers.from),
    holdMs: subscribers.probe_changes_after_seconds * 1000,
    maxPerSecond: subscribers.max_per_second,
    trustedProxies: new Set(subscribers.trusted_proxies),
    origins: new Set([new URL(publicUrl).origin, new URL(subscribers.endpoint).origin]),
  };
}

/** `mailSettingsOf` the components config `file`, read here unless the process has read it already (`config`). */
export async function loadMailSettings(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
  config?: ComponentsConfig,
): Promise<MailSettings | undefined> {
  return mailSettingsOf(config ?? (await readDocument(file, ComponentsConfigSchema)), env, displayPath(file));
}
