import { type Dispatcher, request } from 'undici';
import { describeRequestError, describeUnexpectedStatus, type FailureReason } from './describe-request-error.js';

/** Bytes of a response body read before the rest is discarded: a health check needs none of it. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Sent with every check, so component owners can tell probes from users in their logs. */
export const PROBE_USER_AGENT = 'service-directory-probe/1';

/** One request to make: where, how long it may take in all, and which statuses count as success. */
export interface EndpointCheck {
  readonly url: string;
  readonly timeoutMs: number;
  /** Statuses that count as success; `undefined` means any 2xx. */
  readonly expectStatus: readonly number[] | undefined;
}

/** What one check found. A failure is data, never an exception. */
export interface CheckResult {
  readonly ok: boolean;
  /** The response status, when a response arrived. */
  readonly status?: number;
  /** From sending the request to the end of the (capped) body, or to the failure. */
  readonly latency_ms: number;
  readonly error?: FailureReason;
}

export interface CheckEndpointOptions {
  /** The undici dispatcher; the global one by default. */
  readonly dispatcher?: Dispatcher;
  /** Aborts the check from outside (shutdown); the result is then a failure nobody should publish. */
  readonly signal?: AbortSignal;
  /** A monotonic clock in milliseconds. */
  readonly clock?: () => number;
}

/**
 * Requests `check.url` once and judges the answer. The timeout covers the
 * whole exchange (connect, headers and body); the body is read and thrown
 * away up to `MAX_BODY_BYTES`, then the connection is dropped. Redirects are
 * not followed: a 3xx is just a status, unexpected unless listed. Each check
 * opens a fresh connection (`reset`), so a dead listener cannot hide behind
 * a pooled socket, and nothing lingers between cycles. Credentials in the URL
 * are sent as Basic authentication. Never throws.
 */
export async function checkEndpoint(check: EndpointCheck, options: CheckEndpointOptions = {}): Promise<CheckResult> {
  const clock = options.clock ?? (() => performance.now());
  const controller = new AbortController();
  const timedOut = new Error('check timed out');
  const timer = setTimeout(() => controller.abort(timedOut), check.timeoutMs);
  const stop = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  const started = clock();
  const elapsed = () => Math.round(clock() - started);
  try {
    if (options.signal?.aborted) throw options.signal.reason;
    const { url, authorization } = splitCredentials(check.url);
    const response = await request(url, {
      method: 'GET',
      headers: {
        'user-agent': PROBE_USER_AGENT,
        accept: '*/*',
        ...(authorization === undefined ? {} : { authorization }),
      },
      signal: controller.signal,
      reset: true,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    await drainBody(response.body);
    const latency_ms = elapsed();
    if (isExpected(response.statusCode, check.expectStatus))
      return { ok: true, status: response.statusCode, latency_ms };
    return { ok: false, status: response.statusCode, latency_ms, error: describeUnexpectedStatus(response.statusCode) };
  } catch (error) {
    const reason = controller.signal.reason === timedOut ? 'timeout' : describeRequestError(error);
    return { ok: false, latency_ms: elapsed(), error: reason };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}

/**
 * Credentials written into a URL (`https://user:token@host/`) become a Basic
 * `Authorization` header, as curl does; undici would drop them silently.
 */
function splitCredentials(raw: string): { url: string; authorization: string | undefined } {
  const url = new URL(raw);
  if (url.username === '' && url.password === '') return { url: raw, authorization: undefined };
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  url.username = '';
  url.password = '';
  return { url: url.href, authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
}

function isExpected(status: number, expectStatus: readonly number[] | undefined): boolean {
  return expectStatus === undefined ? status >= 200 && status <= 299 : expectStatus.includes(status);
}

/** Reads and discards the body; stops at the cap and drops the rest with the connection. */
async function drainBody(body: Dispatcher.ResponseData['body']): Promise<void> {
  let bytes = 0;
  for await (const chunk of body) {
    bytes += Buffer.byteLength(chunk);
    if (bytes >= MAX_BODY_BYTES) {
      body.destroy();
      return;
    }
  }
}
