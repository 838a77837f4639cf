import type { CheckResult } from '../checks/check-endpoint.js';
import { type StatusValue, worstStatus } from '../schemas/status-value.js';

/** One check's result next to the latency above which a success counts as slow. */
export interface JudgedCheck {
  readonly result: CheckResult;
  readonly degradedMs: number;
  /** Its certificate expires within `min_certificate_days` (`judgeCertificate`). */
  readonly certificateDue?: boolean;
}

/**
 * A component's observed state from this cycle's checks:
 * inside a maintenance window `under_maintenance` whatever the checks say;
 * otherwise all failed `major_outage`, some failed `partial_outage`, all
 * succeeded but one slower than its `degraded_ms` or with a certificate
 * due to expire `degraded_performance`, else `operational`. A slow failure
 * is a failure, not "degraded". A check whose state the checked thing
 * reports itself (an upstream provider's page: `reported`) stands for that
 * state, neither failed nor slow, and the component is the worst of it and
 * the rest.
 */
export function classifyComponent(checks: readonly JudgedCheck[], underMaintenance: boolean): StatusValue {
  if (underMaintenance) return 'under_maintenance';
  const failed = checks.filter((check) => !check.result.ok && check.result.reported === undefined).length;
  if (checks.length > 0 && failed === checks.length) return 'major_outage';
  const states = checks.map(({ result, degradedMs, certificateDue }): StatusValue => {
    if (result.reported !== undefined) return result.reported;
    if (!result.ok) return 'partial_outage';
    return result.latency_ms > degradedMs || certificateDue === true ? 'degraded_performance' : 'operational';
  });
  return worstStatus(states);
}
