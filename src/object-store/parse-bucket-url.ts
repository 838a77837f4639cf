import { InputError } from '../errors/input-error.js';
import { quoteForLog } from '../errors/quote-for-log.js';

/** Where `--publish` puts the published files: a bucket and a key prefix (empty, or ending in `/`). */
export interface BucketTarget {
  readonly bucket: string;
  readonly prefix: string;
  /** `s3://BUCKET[/PREFIX]` as given, normalised: what log lines and the manifest name. */
  readonly url: string;
}

/** S3's bucket naming rules (3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Key characters that mean nothing special to S3, a CDN or a shell. */
const PLAIN_PREFIX = /^[A-Za-z0-9._~/-]*$/;
/** The longest object key S3 (and every S3-compatible store) takes. */
export const MAX_KEY_BYTES = 1_024;
/**
 * The longest prefix, with its final `/`: the rest of the 1,024 bytes is
 * left to the paths under `public/`, whose longest today (a component's
 * compressed detail document, with a slug of at most 64 characters) is
 * under 100 bytes.
 */
export const MAX_PREFIX_BYTES = 768;
/** How much of a refused value a refusal quotes. */
const MAX_ECHOED_CHARS = 100;

/**
 * Reads `s3://BUCKET[/PREFIX]`. The prefix is every object key's start
 * (`s3://site/status` puts the status at `status/api/v1/status`). Anything
 * else is an `InputError` naming `flag` and the reason, quoting the value
 * without what could be a secret (a user name and password, a query, a
 * fragment) and cut to 100 characters.
 */
export function parseBucketUrl(text: string, flag = '--publish'): BucketTarget {
  const fail = (reason: string) =>
    new InputError(flag, [{ path: '', reason: `"${quoteForLog(redactForEcho(text), MAX_ECHOED_CHARS)}" ${reason}` }]);
  if (!text.startsWith('s3://')) throw fail('is not an s3://BUCKET[/PREFIX] URL');
  const rest = text.slice('s3://'.length);
  const slash = rest.indexOf('/');
  const bucket = slash === -1 ? rest : rest.slice(0, slash);
  const rawPrefix = slash === -1 ? '' : rest.slice(slash + 1);
  if (rest.includes('@')) {
    throw fail('carries a user name or password: give credentials by the environment or a profile, never in the URL');
  }
  if (/[?#]/.test(rest)) throw fail('has a query or fragment: the URL is s3://BUCKET[/PREFIX] and nothing after it');
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) {
    throw fail('does not name a bucket: 3 to 63 lower-case letters, digits, dots and hyphens');
  }
  if (!PLAIN_PREFIX.test(rawPrefix))
    throw fail('has a prefix with characters other than letters, digits and . _ ~ / -');
  const segments = rawPrefix.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) throw fail('has a . or .. in its prefix');
  const prefix = segments.length === 0 ? '' : `${segments.join('/')}/`;
  if (prefix.length > MAX_PREFIX_BYTES) {
    throw fail(
      `has a prefix of ${prefix.length} bytes; at most ${MAX_PREFIX_BYTES}, so that every key stays within the ${MAX_KEY_BYTES} bytes S3 allows`,
    );
  }
  return { bucket, prefix, url: `s3://${bucket}${prefix === '' ? '' : `/${prefix.slice(0, -1)}`}` };
}

/**
 * `text` without the parts of a URL where secrets live: everything from a
 * `?` or `#` on, and the user name and password (`AKIA…:SECRET@`), taken to
 * be everything up to the last `@`, since a password may hold a `/`. Works
 * on any text, a URL or not.
 */
function redactForEcho(text: string): string {
  const withoutQuery = text.replace(/[?#][\s\S]*$/, '');
  return withoutQuery.replace(/^([a-z][a-z0-9+.-]*:\/\/)[\s\S]*@/i, '$1');
}
