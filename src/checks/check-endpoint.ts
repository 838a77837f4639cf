import type { ClientRequest, IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import {
  describeRequestError,
  describeUnexpectedStatus,
  type FailureReason,
} from '../outbound/describe-request-error.js';
import { PROBE_USER_AGENT } from '../outbound/probe-user-agent.js';
import { ANSWER_IN, withDeadline } from '../outbound/with-deadline.js';
import type { BodyConditions } from '../schemas/body-conditions.js';
import { hasBodyConditions, judgeBody } from './judge-body.js';
import type { CertificateExpiry } from './judge-certificate.js';
import { type CappedBody, drainBody, readCappedBody } from './read-capped-body.js';
import { type ResolveHost, resolveHostWithSystem } from './resolve-host.js';
import { trackLookup } from './track-lookup.js';

/**
 * Bytes of a response body read: without body conditions the body is read
 * this far and discarded; with them, a longer body is not judged.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Why a body with conditions was not judged: it ran past `MAX_BODY_BYTES`. */
export const BODY_TOO_LARGE_REASON = 'body larger than 1 MiB, not judged';

/**
 * One request to make: where, how long it may take in all, which statuses
 * count as success, and what the body must satisfy (`expectJson`,
 * `expectText`; left out, the body is not kept).
 */
export interface EndpointCheck extends BodyConditions {
  readonly url: string;
  readonly timeoutMs: number;
  /** Statuses that count as success; `undefined` means any 2xx. */
  readonly expectStatus: readonly number[] | undefined;
  /** PEM certificates trusted for this check's TLS, instead of Node's bundled roots (`ca_file`). */
  readonly ca?: string | undefined;
}

/** Where a check was when it ended: resolving the host, connecting, the TLS handshake, waiting for headers, reading the body. */
export type CheckPhase = 'dns' | 'connect' | 'tls' | 'headers' | 'body';

/** What one check found. A failure is data, never an exception. */
export interface CheckResult {
  readonly ok: boolean;
  /** The response status, when a response arrived. */
  readonly status?: number;
  /** From sending the request to the end of the (capped) body, or to the failure. */
  readonly latency_ms: number;
  readonly error?: FailureReason;
  /** For a `timeout`: the phase that ran out of time. */
  readonly phase?: CheckPhase;
  /** For https, once the handshake succeeded: when the served certificates expire. */
  readonly certificate?: CertificateExpiry;
}

export interface CheckEndpointOptions {
  /** Resolves host names; the system resolver by default, in a child process the deadline can kill. */
  readonly resolveHost?: ResolveHost;
  /** Aborts the check from outside (shutdown); the result is then a failure nobody should publish. */
  readonly signal?: AbortSignal | undefined;
  /** A monotonic clock in milliseconds. */
  readonly clock?: () => number;
}

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
export async function checkEndpoint(check: EndpointCheck, options: CheckEndpointOptions = {}): Promise<CheckResult> {
  const clock = options.clock ?? (() => performance.now());
  const started = clock();
  const elapsed = () => Math.round(clock() - started);
  const { signal } = options;
  if (signal?.aborted) return { ok: false, latency_ms: 0, error: describeRequestError(signal.reason) };

  let exchange: Exchange;
  try {
    exchange = startExchange(check, options.resolveHost ?? resolveHostWithSystem);
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

type ExchangeEnd =
  | { readonly kind: 'answered'; readonly status: number; readonly body: CappedBody | undefined }
  | { readonly kind: 'failed'; readonly error: unknown; readonly phase: CheckPhase };

interface Exchange {
  /** Settles when the capped body has been read or the request failed; never rejects. */
  readonly result: Promise<ExchangeEnd>;
  /** The phase the exchange is in now. */
  phase(): CheckPhase;
  /** The served certificates' expiry, once a TLS handshake succeeded. */
  certificate(): CertificateExpiry | undefined;
  /** Drops the request and its socket, wherever they are. */
  destroy(): void;
}

/** Starts the request, following its progress through the phases. */
function startExchange(check: EndpointCheck, resolveHost: ResolveHost): Exchange {
  const { url, authorization } = splitCredentials(check.url);
  const secure = url.protocol === 'https:';
  const judgesBody = hasBodyConditions(check);
  let phase: CheckPhase = isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0 ? 'dns' : 'connect';
  const lookupController = new AbortController();
  const trackedLookup = trackLookup(
    resolveHost,
    lookupController.signal,
    () => (phase = 'dns'),
    () => {
      if (phase === 'dns') phase = 'connect';
    },
  );
  let request: ClientRequest | undefined;
  let certificate: CertificateExpiry | undefined;
  const result = new Promise<ExchangeEnd>((resolve) => {
    const fail = (error: unknown) => resolve({ kind: 'failed', error, phase });
    // A fresh connection per check (`agent: false` also sends `Connection: close`).
    const started = (secure ? httpsRequest : httpRequest)(url, {
      method: 'GET',
      agent: false,
      lookup: trackedLookup,
      // Verification stays on: `ca` only replaces which roots are trusted.
      ...(secure && check.ca !== undefined ? { ca: check.ca } : {}),
      headers: {
        'user-agent': PROBE_USER_AGENT,
        accept: '*/*',
        ...(authorization === undefined ? {} : { authorization }),
      },
    });
    request = started;
    started.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        phase = secure ? 'tls' : 'headers';
      });
      if (secure) {
        socket.once('secureConnect', () => {
          phase = 'headers';
          certificate = readCertificateExpiry(socket as TLSSocket);
        });
      }
    });
    started.on('error', fail);
    started.on('response', (response: IncomingMessage) => {
      phase = 'body';
      const status = response.statusCode ?? 0;
      if (judgesBody) {
        readCappedBody(response, MAX_BODY_BYTES).then((body) => resolve({ kind: 'answered', status, body }), fail);
      } else {
        drainBody(response, MAX_BODY_BYTES).then(() => resolve({ kind: 'answered', status, body: undefined }), fail);
      }
    });
    started.end();
    // A request Node refuses to build (a header it will not send) is a failure like any other.
  }).catch((error: unknown): ExchangeEnd => ({ kind: 'failed', error, phase }));
  return {
    result,
    phase: () => phase,
    certificate: () => certificate,
    destroy: () => {
      lookupController.abort(ANSWER_IN);
      request?.destroy();
    },
  };
}

/**
 * The leaf's expiry and the earliest in the chain as served: the walk
 * follows `issuerCertificate` until it repeats (a self-signed root points
 * to itself) or ends. `undefined` when a date does not parse.
 */
function readCertificateExpiry(socket: TLSSocket): CertificateExpiry | undefined {
  const leaf = socket.getPeerCertificate(true);
  const leafExpiresAtMs = Date.parse(leaf.valid_to);
  if (Number.isNaN(leafExpiresAtMs)) return undefined;
  let earliestExpiresAtMs = leafExpiresAtMs;
  const seen = new Set<string>([leaf.fingerprint256]);
  let issuer = leaf.issuerCertificate as typeof leaf.issuerCertificate | undefined;
  while (issuer !== undefined && issuer.fingerprint256 !== undefined && !seen.has(issuer.fingerprint256)) {
    seen.add(issuer.fingerprint256);
    const expiresAtMs = Date.parse(issuer.valid_to);
    if (!Number.isNaN(expiresAtMs)) earliestExpiresAtMs = Math.min(earliestExpiresAtMs, expiresAtMs);
    issuer = issuer.issuerCertificate as typeof issuer.issuerCertificate | undefined;
  }
  return { leafExpiresAtMs, earliestExpiresAtMs };
}

/**
 * Credentials written into a URL (`https://user:token@host/`) become a Basic
 * `Authorization` header, as curl does, and never reach the request line.
 */
function splitCredentials(raw: string): { url: URL; authorization: string | undefined } {
  const url = new URL(raw);
  if (url.username === '' && url.password === '') return { url, authorization: undefined };
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  url.username = '';
  url.password = '';
  return { url, authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
}

function isExpected(status: number, expectStatus: readonly number[] | undefined): boolean {
  return expectStatus === undefined ? status >= 200 && status <= 299 : expectStatus.includes(status);
}
