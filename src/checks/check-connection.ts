import { connect, isIP, type Socket } from 'node:net';
import { describeRequestError } from '../outbound/describe-request-error.js';
import { ANSWER_IN, withDeadline } from '../outbound/with-deadline.js';
import type { CheckContext, CheckRun } from './check-context.js';
import type { CheckPhase, CheckResult } from './check-result.js';
import type { TcpCheck } from './probe-check.js';
import { resolveHostWithSystem } from './resolve-host.js';
import { trackLookup } from './track-lookup.js';

type Attempt = { readonly kind: 'connected' } | { readonly kind: 'failed'; readonly error: unknown };

/**
 * Connects to `check.url` (`tcp://host:port`) once: a connection accepted
 * within `timeoutMs` is a success, and the socket is closed at once, without
 * a byte sent. The name is resolved as the HTTP check resolves it, the
 * deadline is the same whole-check deadline (a timeout names the phase,
 * `dns` or `connect`), and a failure has the same reasons: `refused`, `dns`,
 * `timeout`, or `error (CODE)`. Never throws.
 */
export async function checkConnection(check: TcpCheck, options: CheckContext & CheckRun): Promise<CheckResult> {
  const { elapsed, signal } = options;

  let host: string;
  let port: number;
  try {
    const url = new URL(check.url);
    host = url.hostname.replace(/^\[|\]$/g, '');
    port = Number(url.port);
  } catch (error) {
    return { ok: false, latency_ms: elapsed(), error: describeRequestError(error) };
  }
  let phase: CheckPhase = isIP(host) === 0 ? 'dns' : 'connect';
  const lookupController = new AbortController();
  let socket: Socket | undefined;
  const attempt = new Promise<Attempt>((resolve) => {
    socket = connect({
      host,
      port,
      lookup: trackLookup(
        options.resolveHost ?? resolveHostWithSystem,
        lookupController.signal,
        () => (phase = 'dns'),
        () => (phase = 'connect'),
      ),
    });
    socket.once('connect', () => resolve({ kind: 'connected' }));
    socket.on('error', (error) => resolve({ kind: 'failed', error }));
  }).catch((error: unknown): Attempt => ({ kind: 'failed', error }));

  try {
    const outcome = await withDeadline(() => attempt, check.timeoutMs, signal);
    if (outcome.kind === 'timeout') return { ok: false, latency_ms: elapsed(), error: 'timeout', phase };
    if (outcome.kind === 'aborted')
      return { ok: false, latency_ms: elapsed(), error: describeRequestError(outcome.reason) };
    if (outcome.value.kind === 'connected') return { ok: true, latency_ms: elapsed() };
    const error = describeRequestError(outcome.value.error);
    return error === 'timeout'
      ? { ok: false, latency_ms: elapsed(), error, phase }
      : { ok: false, latency_ms: elapsed(), error };
  } finally {
    lookupController.abort(ANSWER_IN);
    socket?.destroy();
  }
}
