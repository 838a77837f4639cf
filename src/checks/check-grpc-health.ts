import { isIP } from 'node:net';
import { checkServerIdentity, type DetailedPeerCertificate, type PeerCertificate } from 'node:tls';
import type { Client, ServiceError } from '@grpc/grpc-js';
import { quoteForLog } from '../errors/quote-for-log.js';
import { describeRequestError, type FailureReason } from '../outbound/describe-request-error.js';
import { PROBE_USER_AGENT } from '../outbound/probe-user-agent.js';
import { ANSWER_IN, withDeadline } from '../outbound/with-deadline.js';
import { parseGrpcUrl } from '../schemas/check-url.js';
import type { CheckContext, CheckRun } from './check-context.js';
import type { CheckPhase, CheckResult } from './check-result.js';
import { decodeHealthResponse, encodeHealthRequest, SERVING_STATUSES } from './grpc-health-codec.js';
import { readCertificateExpiry } from './http-exchange.js';
import type { CertificateExpiry } from './judge-certificate.js';
import type { GrpcCheck } from './probe-check.js';
import { resolveHostWithSystem } from './resolve-host.js';
import { type TrackedSockets, trackSockets } from './track-sockets.js';

/** The health service's one unary method. */
const CHECK_METHOD = '/grpc.health.v1.Health/Check';
/** A `HealthCheckResponse` is two bytes; anything much larger is not one. */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** `SERVING`. */
const SERVING = 1;

/** gRPC status codes the health check answers with, by number (`@grpc/grpc-js`'s `status`). */
const GRPC_CODES: Readonly<Record<number, string>> = {
  1: 'CANCELLED',
  2: 'UNKNOWN',
  3: 'INVALID_ARGUMENT',
  4: 'DEADLINE_EXCEEDED',
  5: 'NOT_FOUND',
  7: 'PERMISSION_DENIED',
  8: 'RESOURCE_EXHAUSTED',
  12: 'UNIMPLEMENTED',
  13: 'INTERNAL',
  14: 'UNAVAILABLE',
  16: 'UNAUTHENTICATED',
};

type Called =
  | { readonly kind: 'answered'; readonly status: number }
  | { readonly kind: 'failed'; readonly reason: FailureReason };

/**
 * Calls `grpc.health.v1.Health/Check` at `check.url`
 * (`grpc://HOST:PORT[/SERVICE]`, or `grpcs://` for TLS) once, through
 * `@grpc/grpc-js` (loaded at the first gRPC check) on a channel of its own:
 * `SERVING` is a success; `NOT_SERVING` and `UNKNOWN` fail with that
 * status, a `NOT_FOUND` answer (a service the server does not know) and
 * `UNIMPLEMENTED` (no health service) with theirs, all as `health …`. The
 * host is resolved as every check's is; the deadline bounds the whole call
 * (a timeout names `dns`, `connect` or `headers`, waiting for the answer);
 * with TLS, `ca` chooses the CAs trusted, verification is never off, and
 * the served certificates' expiry is kept as an https check keeps it.
 * Never throws.
 */
export async function checkGrpcHealth(check: GrpcCheck, context: CheckContext & CheckRun): Promise<CheckResult> {
  const { elapsed, signal } = context;
  const target = parseGrpcUrl(check.url);
  if (target === undefined) return { ok: false, latency_ms: 0, error: 'error (ERR_INVALID_URL)' };
  const resolveHost = context.resolveHost ?? resolveHostWithSystem;
  let phase: CheckPhase = isIP(target.host) === 0 ? 'dns' : 'connect';
  let client: Client | undefined;
  let certificate: CertificateExpiry | undefined;
  const lookup = new AbortController();
  // Once the answer is in (or the deadline passed), a call still starting opens nothing more.
  let over = false;

  const call = async (): Promise<Called> => {
    // grpc-js is given addresses, not the name: names resolve as every check's do (and share the cycle's lookups).
    let addresses = [{ address: target.host, family: isIP(target.host) }];
    if (phase === 'dns') {
      const found = await resolveHost(target.host, lookup.signal);
      // Those of the first address's family, in the resolver's order: grpc-js tries them one after another.
      addresses = found.filter((address) => address.family === found[0]?.family);
      if (addresses.length === 0) return { kind: 'failed', reason: 'dns' };
      phase = 'connect';
    }
    const grpc = await import('@grpc/grpc-js');
    if (over) return { kind: 'failed', reason: 'timeout' };
    const authority = isIP(target.host) === 6 ? `[${target.host}]:${target.port}` : `${target.host}:${target.port}`;
    const credentials = target.tls
      ? grpc.credentials.createSsl(check.ca === undefined ? null : Buffer.from(check.ca), null, null, {
          checkServerIdentity: (name: string, served: PeerCertificate) => {
            certificate = readCertificateExpiry(served as DetailedPeerCertificate);
            return checkServerIdentity(name, served);
          },
        })
      : grpc.credentials.createInsecure();
    const v6 = addresses[0]?.family === 6;
    const list = addresses.map(({ address }) => (v6 ? `[${address}]:${target.port}` : `${address}:${target.port}`));
    client = new grpc.Client(`${v6 ? 'ipv6' : 'ipv4'}:${list.join(',')}`, credentials, {
      'grpc.default_authority': authority,
      ...(target.tls ? { 'grpc.ssl_target_name_override': target.host } : {}),
      'grpc.primary_user_agent': PROBE_USER_AGENT,
      // A channel and connection of its own, as every check has: a dead server cannot hide behind a pooled one.
      'grpc.use_local_subchannel_pool': 1,
      'grpc.enable_retries': 0,
      'grpc.max_receive_message_length': MAX_RESPONSE_BYTES,
    });
    const channel = client.getChannel();
    const ready = grpc.connectivityState.READY;
    /** Connected once the channel is ready: from then on, the wait is for the answer. */
    const follow = (state: number) =>
      channel.watchConnectivityState(state, Date.now() + check.timeoutMs, (error?: Error) => {
        const now = channel.getConnectivityState(false);
        if (now === ready) phase = 'headers';
        else if (error === undefined && !over) follow(now);
      });
    return new Promise<Called>((resolve) => {
      client?.makeUnaryRequest(
        CHECK_METHOD,
        (request: Buffer) => request,
        (response: Buffer) => response,
        encodeHealthRequest(target.service),
        new grpc.Metadata(),
        { deadline: Date.now() + check.timeoutMs },
        (error: ServiceError | null, response?: Buffer) => {
          if (error !== null) return resolve({ kind: 'failed', reason: describeGrpcError(error, target.service) });
          try {
            resolve({ kind: 'answered', status: decodeHealthResponse(response ?? Buffer.alloc(0)) });
          } catch {
            resolve({ kind: 'failed', reason: 'health answer is not a HealthCheckResponse' });
          }
        },
      );
      follow(channel.getConnectivityState(true));
    });
  };

  // grpc-js never ends a connection whose server has not spoken HTTP/2 yet: this check ends its own.
  let opened: TrackedSockets | undefined;
  try {
    const outcome = await withDeadline(
      () => {
        const tracked = trackSockets(call);
        opened = tracked.sockets;
        return tracked.result.catch(
          (error: unknown): Called => ({ kind: 'failed', reason: describeRequestError(error) }),
        );
      },
      check.timeoutMs,
      signal,
    );
    const latency_ms = elapsed();
    if (outcome.kind === 'timeout') return { ok: false, latency_ms, error: 'timeout', phase };
    if (outcome.kind === 'aborted') return { ok: false, latency_ms, error: describeRequestError(outcome.reason) };
    const served = certificate === undefined ? {} : { certificate };
    const called = outcome.value;
    if (called.kind === 'failed') {
      return called.reason === 'timeout'
        ? { ok: false, latency_ms, error: 'timeout', phase }
        : { ok: false, latency_ms, ...served, error: called.reason };
    }
    if (called.status === SERVING) return { ok: true, latency_ms, ...served };
    return {
      ok: false,
      latency_ms,
      ...served,
      error: `health ${SERVING_STATUSES[called.status] ?? `status ${called.status}`}`,
    };
  } finally {
    over = true;
    lookup.abort(ANSWER_IN);
    client?.close();
    opened?.destroyAll();
  }
}

/**
 * A failed call in the checks' words: the two answers a health service
 * gives for what it cannot judge, as `health …`; an OK status with no
 * message or several as no `HealthCheckResponse`; a connection that failed
 * by its cause (grpc-js says it only in words after `Last error:`:
 * `connect ECONNREFUSED`, a TLS verification error; a server's own details
 * are never read for a class); the deadline as `timeout`; anything else as
 * `error (grpc CODE)`.
 */
export function describeGrpcError(error: Pick<ServiceError, 'code' | 'details'>, service: string): FailureReason {
  const name = GRPC_CODES[error.code] ?? String(error.code);
  if (error.code === 5) {
    const which = service === '' ? 'the server as a whole' : `service ${quoteForLog(JSON.stringify(service), 80)}`;
    return `health NOT_FOUND: the server does not know ${which}`;
  }
  if (error.code === 12) {
    // grpc-js's own words for an OK status that came with no message, or with several.
    if (error.details === 'No message received') return 'health answer is not a HealthCheckResponse: no message';
    if (error.details === 'Too many responses received') {
      return 'health answer is not a HealthCheckResponse: several messages';
    }
    return 'health UNIMPLEMENTED: the server has no health service';
  }
  if (error.code === 4) return 'timeout';
  // A class only from grpc-js's words about the connection ("… Last error: …"), never from a server's own details.
  const connection = /(?:^|\. )Last error: (.*)$/s.exec(error.details ?? '')?.[1];
  if (error.code === 14 && connection !== undefined) {
    if (/ECONNREFUSED/.test(connection)) return 'refused';
    if (/ECONNRESET|EPIPE/.test(connection)) return 'reset';
    if (/ENOTFOUND|EAI_AGAIN/.test(connection)) return 'dns';
    if (/ETIMEDOUT/.test(connection)) return 'timeout';
    if (/ERR_TLS|ERR_SSL|certificate|SSL routines|self[- ]signed|wrong version number|handshake/i.test(connection)) {
      return 'tls';
    }
  }
  return `error (grpc ${name})`;
}
