import { InputError } from '../errors/input-error.js';

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

/**
 * Reads `s3://BUCKET[/PREFIX]`. The prefix is every object key's start
 * (`s3://site/status` puts the status at `status/api/v1/status`). Anything
 * else is an `InputError` naming `flag` and the reason.
 */
export function parseBucketUrl(text: string, flag = '--publish'): BucketTarget {
  const fail = (reason: string) => new InputError(flag, [{ path: '', reason: `${JSON.stringify(text)} ${reason}` }]);
  if (!text.startsWith('s3://')) throw fail('is not an s3://BUCKET[/PREFIX] URL');
  const rest = text.slice('s3://'.length);
  const slash = rest.indexOf('/');
  const bucket = slash === -1 ? rest : rest.slice(0, slash);
  const rawPrefix = slash === -1 ? '' : rest.slice(slash + 1);
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) {
    throw fail('does not name a bucket: 3 to 63 lower-case letters, digits, dots and hyphens');
  }
  if (!PLAIN_PREFIX.test(rawPrefix))
    throw fail('has a prefix with characters other than letters, digits and . _ ~ / -');
  const segments = rawPrefix.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) throw fail('has a . or .. in its prefix');
  const prefix = segments.length === 0 ? '' : `${segments.join('/')}/`;
  return { bucket, prefix, url: `s3://${bucket}${prefix === '' ? '' : `/${prefix.slice(0, -1)}`}` };
}
