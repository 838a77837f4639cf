import { type CheckKind, checkKindOf } from '../schemas/check-url.js';
import { checkConnection } from './check-connection.js';
import { checkDns } from './check-dns.js';
import { type CheckResult, checkEndpoint } from './check-endpoint.js';
import { checkGrpcHealth } from './check-grpc-health.js';
import { checkHeartbeat } from './check-heartbeat.js';
import { checkUpstreamPage } from './check-upstream-page.js';
import type { CheckContext, CheckFunction, ProbeCheck } from './probe-check.js';

/**
 * The kinds of check, one prober each, all of one signature (as
 * blackbox_exporter's `Probers`): each shares the deadline, the resolver,
 * the failure reasons and classes, and what the cycle makes of a result.
 * A new kind is a file and a row here.
 */
export const PROBERS: Readonly<Record<CheckKind, CheckFunction>> = {
  http: checkEndpoint,
  tcp: checkConnection,
  dns: checkDns,
  grpc: checkGrpcHealth,
  statuspage: checkUpstreamPage,
  heartbeat: checkHeartbeat,
};

/** Runs one check with the prober of its kind. Never throws. */
export function runCheck(check: ProbeCheck, context: CheckContext = {}): Promise<CheckResult> {
  return PROBERS[check.kind ?? checkKindOf(check.url)](check, context);
}
