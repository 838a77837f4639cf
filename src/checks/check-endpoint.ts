import { describeRequestError, describeUnexpectedStatus } from '../outbound/describe-request-error.js';
import { withDeadline } from '../outbound/with-deadline.js';
import type { CheckContext, CheckRun } from './check-context.js';
import type { CheckResult } from './check-result.js';
import { type Exchange, startExchange } from './http-exchange.js';
import { hasBodyConditions, judgeBody } from './judge-body.js';
import type { HttpCheck } from './probe-check.js';
import { resolveHostWithSystem } from './resolve-host.js';

export type { CheckPhase, CheckResult } from './check-result.js';

/**
 * Bytes of a response body read: without body conditions the body is read
 * this far and discarded; with them, a longer body is not judged.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Why a body with conditions was not judged: it ran past `MAX_BODY_BYTES`. */
export const BODY_TOO_LARGE_REASON = 'body larger than 1 MiB, not judged';

/**
 * Requests `check.url` once and judges the answer. `timeoutMs` bounds the
 * whole check, every phase included (DNS, connect, TLS, headers, body): the
 * result is settled by our own deadline, not by any timeout of the client,
 * and a timeout names the phase it cut short. Without body conditions the
 * body is read and thrown away up to `MAX_BODY_BYTES`, then the connection
 * is dropped; with them, a body of an expected status is read up to that cap
 * and judged (a longer one fails, unjudged). Redirects are
 * not followed: a 3xx is just a status, unexpected unless listed; interim 1xx
 * responses (`100 Continue`) are skipped, as RFC 9110 says. Each check opens
 * a fresh connection, so a dead listener cannot hide behind a pooled socket,
 * and the socket is destroyed when the check settles, so nothing lingers.
 * Credentials in the URL are sent as Basic authentication. Never throws.
 *
 * Node's own client, not undici: undici's HTTP/1.1 parser drops the
 * connection on a `100 Continue` it did not ask for.
 */
export async function checkEndpoint(check: HttpCheck, options: CheckContext & CheckRun): Promise<CheckResult> {
  const { elapsed, signal } = options;

  let exchange: Exchange;
  try {
    exchange = startExchange(
      {
        url: check.url,
        ca: check.ca,
        keepBodyBytes: hasBodyConditions(check) ? MAX_BODY_BYTES : undefined,
        drainBytes: MAX_BODY_BYTES,
      },
      options.resolveHost ?? resolveHostWithSystem,
    );
  } catch (error) {
    return { ok: false, latency_ms: elapsed(), error: describeRequestError(error) };
  }
  try {
    const outcome = await withDeadline(() => exchange.result, check.timeoutMs, signal);
    if (outcome.kind === 'timeout')
      return { ok: false, latency_ms: elapsed(), error: 'timeout', phase: exchange.phase() };
    if (outcome.kind === 'aborted')
      return { ok: false, latency_ms: elapsed(), error: describeRequestError(outcome.reason) };
    const ended = outcome.value;
    const latency_ms = elapsed();
    const certificate = exchange.certificate();
    if (ended.kind === 'failed') {
      const error = describeRequestError(ended.error);
      return error === 'timeout'
        ? { ok: false, latency_ms, error, phase: ended.phase }
        : { ok: false, latency_ms, error };
    }
    const { status, body } = ended;
    const answered = { status, latency_ms, ...(certificate === undefined ? {} : { certificate }) };
    if (!isExpected(status, check.expectStatus))
      return { ok: false, ...answered, error: describeUnexpectedStatus(status) };
    if (body === undefined) return { ok: true, ...answered };
    if (body.kind === 'too-large') return { ok: false, ...answered, error: BODY_TOO_LARGE_REASON };
    const verdict = judgeBody(body.text, check);
    return verdict.ok ? { ok: true, ...answered } : { ok: false, ...answered, error: verdict.reason };
  } finally {
    exchange.destroy();
  }
}

function isExpected(status: number, expectStatus: readonly number[] | undefined): boolean {
  return expectStatus === undefined ? status >= 200 && status <= 299 : expectStatus.includes(status);
}
