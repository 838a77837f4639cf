import { errorMessage } from '../errors/describe-error.js';
import { redactUrl } from '../outbound/redact-url.js';

/** The environment variables whose values are secrets: never in a log line, whatever an error says. */
const SECRET_VARIABLES = ['AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_SECURITY_TOKEN'] as const;

/** The longest reason a log line carries; a store's error page can be long. */
const MAX_REASON_CHARS = 240;

/** Words for the SDK's error names that say what to do, where its own message does not. */
const EXPLAINED: Readonly<Record<string, string>> = {
  NoSuchBucket: 'the bucket does not exist',
  InvalidAccessKeyId: 'the store does not know the access key (wrong credentials)',
  SignatureDoesNotMatch: 'the store refused the signature (wrong secret key)',
  AccessDenied: 'the credentials may not write there',
  CredentialsProviderError: 'no credentials found (environment, shared files, instance or container role)',
  ExpiredToken: 'the session token has expired',
};

/**
 * One line saying why a store operation failed: the SDK's error name, the
 * HTTP status if there was one, and words for it. The values of the secret
 * variables in `env` and the user part of any URL are taken out first, so
 * no error text can carry a secret into a log.
 */
export function describeStoreFailure(error: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const name = error instanceof Error ? error.name : 'Error';
  const code = readProperty(error, 'code');
  const status = readProperty(readProperty(error, '$metadata'), 'httpStatusCode');
  const message = errorMessage(error);
  const explained = EXPLAINED[name];
  const parts = [
    typeof code === 'string' && code !== name ? `${name} ${code}` : name,
    ...(typeof status === 'number' ? [`HTTP ${status}`] : []),
  ];
  const words = explained ?? (message === '' || message === 'UnknownError' ? 'no further detail' : message);
  return scrub(`${parts.join(', ')}: ${words}`, env);
}

function scrub(text: string, env: NodeJS.ProcessEnv): string {
  let out = text.replaceAll(/[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, (url) => redactUrl(url));
  for (const variable of SECRET_VARIABLES) {
    const secret = env[variable];
    // A value too short to be a real secret would blot out ordinary words.
    if (secret !== undefined && secret.length >= 4) out = out.replaceAll(secret, '[redacted]');
  }
  out = out.replaceAll(/\s+/g, ' ').trim();
  return out.length > MAX_REASON_CHARS ? `${out.slice(0, MAX_REASON_CHARS - 1)}…` : out;
}

function readProperty(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}
