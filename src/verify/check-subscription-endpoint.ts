import { errorMessage } from '../errors/describe-error.js';
import type { FetchFunction } from './fetch-endpoint.js';
import type { VerifyCheck } from './verify-report.js';

/** What `verify` posts: a confirmation with a token that is nobody's, which changes nothing and is no sign-up. */
export const PROBE_TOKEN_BODY = '{"token":"verify"}';

/** The subscription endpoint as a deployment should route it: to the probe's listener, never cached, CORS for the page. */
export interface SubscriptionEndpointCheck {
  /** `{base_url}{endpoint's path}/confirm` */
  readonly url: string;
  /** The page's origin (`public_url`'s): the one the endpoint allows. */
  readonly pageOrigin: string;
}

const row = (url: string, check: VerifyCheck['check'], expected: string, actual: string, pass: boolean) =>
  ({ endpoint: 'subscriptions', check, outcome: pass ? 'pass' : 'fail', url, expected, actual }) as const;

/**
 * POSTs an unknown token to `{endpoint}/confirm`, as the page's origin: the
 * probe's listener answers 400 in JSON, `no-store`, allowing the page's
 * origin. A static host that does not route the path answers 404 or 405, a
 * cache its stored page, or something without `no-store`. Never throws.
 */
export async function checkSubscriptionEndpoint(
  target: SubscriptionEndpointCheck,
  fetchFunction: FetchFunction,
  timeoutMs: number,
): Promise<VerifyCheck[]> {
  const { url } = target;
  let response: Awaited<ReturnType<FetchFunction>>;
  try {
    response = await fetchFunction(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: target.pageOrigin },
      body: PROBE_TOKEN_BODY,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.text();
  } catch (error) {
    return [row(url, 'reachable', 'a response', errorMessage(error), false)];
  }
  const contentType = response.headers.get('content-type') ?? '(none)';
  const cacheControl = response.headers.get('cache-control') ?? '(none)';
  const allowOrigin = response.headers.get('access-control-allow-origin') ?? '(none)';
  return [
    row(
      url,
      'status-code',
      '400 from the probe’s listener (a token that is nobody’s)',
      String(response.status),
      response.status === 400,
    ),
    row(url, 'content-type', 'application/json', contentType, contentType.startsWith('application/json')),
    row(url, 'cache-control', 'no-store', cacheControl, /(^|,)\s*no-store\s*(,|$)/i.test(cacheControl)),
    row(url, 'cors', target.pageOrigin, allowOrigin, allowOrigin === target.pageOrigin),
  ];
}
