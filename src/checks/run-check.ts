import { describeRequestError } from '../outbound/describe-request-error.js';
import { type CheckKind, checkKindOf } from '../schemas/check-url.js';
import { checkConnection } from './check-connection.js';
import { checkDns } from './check-dns.js';
import { type CheckResult, type CheckRun, checkEndpoint } from './check-endpoint.js';
import { checkGrpcHealth } from './check-grpc-health.js';
import { checkHeartbeat } from './check-heartbeat.js';
import { checkUpstreamPage } from './check-upstream-page.js';
import type { CheckContext, ProbeCheck } from './probe-check.js';

/** The check of one kind: handed its context and its run's clock by `runCheck`; never throws. */
export type CheckOfKind = (check: ProbeCheck, context: CheckContext & CheckRun) => Promise<CheckResult>;

/**
 * The kinds of check, one function each, all of one signature (as
 * blackbox_exporter's `Probers`): each shares the deadline, the resolver,
 * the failure reasons and classes, and what the cycle makes of a result.
 * A new kind is a file and a row here.
 */
export const PROBERS: Readonly<Record<CheckKind, CheckOfKind>> = {
  http: checkEndpoint,
  tcp: checkConnection,
  dns: checkDns,
  grpc: checkGrpcHealth,
  statuspage: checkUpstreamPage,
  heartbeat: checkHeartbeat,
};

/**
 * Runs one check with the check of its kind. The clock is kept here, once
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
  return PROBERS[check.kind ?? checkKindOf(check.url)](check, { ...context, elapsed });
}
