import { createHash } from 'node:crypto';
import { DEFAULT_MIN_CERTIFICATE_DAYS } from '../schemas/components-config.js';
import type { CheckSettings } from '../settings/probe-settings.js';

/**
 * What a component's observation depends on, as a digest: each check's URL,
 * timeout, `degraded_ms`, expected statuses, body conditions,
 * `min_certificate_days` and trusted CAs, in order. Memory saved under
 * another fingerprint was about other checks. A digest rather than the URLs
 * themselves, because URLs may carry credentials and the state file is not a
 * place for them.
 */
export function fingerprintChecks(checks: readonly CheckSettings[]): string {
  const observed = checks.map(
    ({ url, timeoutMs, degradedMs, expectStatus, expectJson, expectText, minCertificateDays, ca }) => [
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
    ],
  );
  return createHash('sha256').update(JSON.stringify(observed)).digest('hex');
}
