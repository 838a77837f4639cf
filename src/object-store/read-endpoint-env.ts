import { InputError } from '../errors/input-error.js';
import { HttpUrlSchema, NOT_AN_HTTP_URL } from '../schemas/http-url.js';

/** The variables that name an S3-compatible store, in the order AWS's SDK reads them: the first set one wins. */
export const ENDPOINT_VARIABLES = ['AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL'] as const;

/**
 * The custom endpoint the environment gives the bucket, chosen as AWS's SDK
 * chooses it (the first of `ENDPOINT_VARIABLES` that is set and not empty;
 * none while `AWS_IGNORE_CONFIGURED_ENDPOINT_URLS` is `true`), or
 * `undefined` for AWS's own. One that is not an http(s) URL the SDK could
 * send to is an `InputError` naming the variable, at start rather than as a
 * failed upload every run; the value is never repeated, since an endpoint
 * may carry credentials.
 */
export function readEndpointEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.AWS_IGNORE_CONFIGURED_ENDPOINT_URLS?.toLowerCase() === 'true') return undefined;
  const variable = ENDPOINT_VARIABLES.find((name) => (env[name] ?? '') !== '');
  if (variable === undefined) return undefined;
  const value = env[variable] ?? '';
  const reason = HttpUrlSchema.safeParse(value).error?.issues[0]?.message;
  if (reason === undefined) return value;
  const example =
    reason === NOT_AN_HTTP_URL ? ', like https://ACCOUNT.r2.cloudflarestorage.com or http://minio:9000' : '';
  throw new InputError('environment', [{ path: variable, reason: `${reason}${example}` }]);
}
