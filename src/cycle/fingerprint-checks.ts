import { createHash } from 'node:crypto';
import type { DnsCheck, HeartbeatExpectation, HttpCheck } from '../checks/probe-check.js';
import { DEFAULT_MIN_CERTIFICATE_DAYS } from '../schemas/components-config.js';
import type { CheckJudging } from '../settings/resolve-checks.js';

/**
 * A check as the digest reads it: its fields by name, whatever its kind (each
 * member of `CheckSettings` is one), a field left out the same as one unset.
 * Not by kind: the digest of an unchanged config stays the one it was before
 * the checks were a union by kind, and before each kind's fields existed.
 */
export interface FingerprintedCheck extends CheckJudging {
  readonly url: string;
  readonly timeoutMs: number;
  readonly expectStatus?: readonly number[] | undefined;
  readonly expectJson?: HttpCheck['expectJson'];
  readonly expectText?: HttpCheck['expectText'];
  readonly ca?: string | undefined;
  readonly expectAnswer?: DnsCheck['expectAnswer'];
  readonly expectRcode?: DnsCheck['expectRcode'];
  readonly upstreamComponent?: string | undefined;
  readonly heartbeat?: HeartbeatExpectation | undefined;
}

/**
 * What a component's observation depends on, as a digest: each check's URL,
 * timeout, `degraded_ms`, expected statuses, body conditions,
 * `min_certificate_days` and trusted CAs, and the other kinds' own
 * (a DNS answer's records and code, a provider's component, a heartbeat's
 * interval and grace), in order. Memory saved under
 * another fingerprint was about other checks. A digest rather than the URLs
 * themselves, because URLs may carry credentials and the state file is not a
 * place for them.
 */
export function fingerprintChecks(checks: readonly FingerprintedCheck[]): string {
  const observed = checks.map(
    ({ url, timeoutMs, degradedMs, expectStatus, expectJson, expectText, minCertificateDays, ca, ...other }) => [
      url,
      timeoutMs,
      degradedMs,
      expectStatus ?? null,
      // Left out when unset, so checks without body conditions keep the fingerprint they had before these existed.
      ...(expectJson === undefined && expectText === undefined ? [] : [expectJson ?? null, expectText ?? null]),
      // Likewise left out at their defaults.
      ...(minCertificateDays === DEFAULT_MIN_CERTIFICATE_DAYS && ca === undefined
        ? []
        : [{ min_certificate_days: minCertificateDays, ca: ca ?? null }]),
      // The other kinds' options, only where set: an http or tcp check keeps its fingerprint.
      ...otherKinds(other),
    ],
  );
  return createHash('sha256').update(JSON.stringify(observed)).digest('hex');
}

/** The options of the kinds that came after http and tcp, those set, as one entry (none when none is). */
function otherKinds({
  expectAnswer,
  expectRcode,
  upstreamComponent,
  heartbeat,
}: Partial<FingerprintedCheck>): object[] {
  const set = Object.entries({
    expect_answer: expectAnswer,
    expect_rcode: expectRcode,
    upstream_component: upstreamComponent,
    heartbeat: heartbeat === undefined ? undefined : [heartbeat.everyMs, heartbeat.graceMs],
  }).filter(([, value]) => value !== undefined);
  return set.length === 0 ? [] : [Object.fromEntries(set)];
}
