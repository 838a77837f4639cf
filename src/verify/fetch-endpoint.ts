import { fetch as undiciFetch } from 'undici';
import { errorMessage } from '../errors/describe-error.js';
import { VERIFY_ACCEPT_ENCODING } from './judge-compression.js';

/** The part of a fetch `Response` that `verify` reads. */
export interface FetchedResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** A WHATWG-style fetch; undici's is the default, and tests pass the same one. */
export type FetchFunction = (
  url: string,
  init: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string;
    redirect: 'manual';
    signal: AbortSignal;
  },
) => Promise<FetchedResponse>;

export const defaultFetch: FetchFunction = undiciFetch;

/** How long one request may take, headers and body together. */
export const VERIFY_TIMEOUT_MS = 10_000;

/** The origin `verify` claims, so that CORS is exercised the way a browser would. */
export const VERIFY_ORIGIN = 'https://verify.service-directory.invalid';

/** One response as `verify` saw it, or why there was none. */
export type FetchOutcome =
  | {
      readonly reached: true;
      readonly status: number;
      readonly headers: {
        readonly contentType: string | null;
        readonly cacheControl: string | null;
        readonly allowOrigin: string | null;
        readonly location: string | null;
        /** The coding the body came in (undici's fetch has decoded it already). */
        readonly contentEncoding: string | null;
        readonly vary: string | null;
      };
      readonly body: string;
    }
  | { readonly reached: false; readonly error: string };

/**
 * GETs `url` once, without following redirects (a redirect is something to
 * report, not to hide). Never throws: a refused connection, a DNS failure or
 * a timeout comes back as `{ reached: false, error }`.
 */
export async function fetchEndpoint(
  url: string,
  fetchFunction: FetchFunction = defaultFetch,
  timeoutMs: number = VERIFY_TIMEOUT_MS,
): Promise<FetchOutcome> {
  try {
    const response = await fetchFunction(url, {
      method: 'GET',
      headers: { Accept: 'application/json', Origin: VERIFY_ORIGIN, 'Accept-Encoding': VERIFY_ACCEPT_ENCODING },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await response.text();
    return {
      reached: true,
      status: response.status,
      headers: {
        contentType: response.headers.get('content-type'),
        cacheControl: response.headers.get('cache-control'),
        allowOrigin: response.headers.get('access-control-allow-origin'),
        location: response.headers.get('location'),
        contentEncoding: response.headers.get('content-encoding'),
        vary: response.headers.get('vary'),
      },
      body,
    };
  } catch (error) {
    return { reached: false, error: describeFetchError(error, timeoutMs) };
  }
}

/** undici hides the useful part (`ECONNREFUSED`, `ENOTFOUND`) in `cause`. */
function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no response within ${timeoutMs} ms`;
  }
  if (error instanceof Error && error.cause instanceof Error) return `${error.message}: ${error.cause.message}`;
  return errorMessage(error);
}
