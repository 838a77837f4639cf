import { describeRequestError } from '../outbound/describe-request-error.js';
import { checkConnection } from './check-connection.js';
import type { CheckContext, CheckRun } from './check-context.js';
import { checkDns } from './check-dns.js';
import { checkEndpoint } from './check-endpoint.js';
import { checkGrpcHealth } from './check-grpc-health.js';
import { checkHeartbeat } from './check-heartbeat.js';
import type { CheckResult } from './check-result.js';
import { checkUpstreamPage } from './check-upstream-page.js';
import type { ProbeCheck } from './probe-check.js';

/**
 * Runs one check with the prober of its kind. The clock is kept here, once
 * for every kind (as blackbox_exporter's handler times every prober): the
 * check's latency is measured from here (`CheckRun.elapsed`), and a check
 * whose signal has already ended (shutdown) is not started. Never throws.
 */
export function runCheck(check: ProbeCheck, context: CheckContext = {}): Promise<CheckResult> {
  const clock = context.clock ?? (() => performance.now());
  const started = clock();
  const { signal } = context;
  if (signal?.aborted) {
    return Promise.resolve({ ok: false, latency_ms: 0, error: describeRequestError(signal.reason) });
  }
  const elapsed = () => Math.round(clock() - started);
  return probeByKind(check, { ...context, elapsed });
}

/**
 * The kinds of check, one prober each (as blackbox_exporter's `Probers`),
 * each handed its own member of `ProbeCheck`: a new kind is a member, a
 * file and a case here, and the compiler names this switch until it has one.
 */
function probeByKind(check: ProbeCheck, run: CheckContext & CheckRun): Promise<CheckResult> {
  switch (check.kind) {
    case 'http':
      return checkEndpoint(check, run);
    case 'tcp':
      return checkConnection(check, run);
    case 'dns':
      return checkDns(check, run);
    case 'grpc':
      return checkGrpcHealth(check, run);
    case 'statuspage':
      return checkUpstreamPage(check, run);
    case 'heartbeat':
      return checkHeartbeat(check, run);
    default:
      return noProberFor(check);
  }
}

/** Unreachable while every kind has its case: `check` is `never` there, so a kind without one fails to compile. */
function noProberFor(check: never): never {
  throw new Error(`no prober for a check of kind ${JSON.stringify((check as { kind?: unknown }).kind)}`);
}
