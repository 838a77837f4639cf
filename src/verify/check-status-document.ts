import { judgeFreshness } from '../freshness/judge-freshness.js';
import type { RegionList } from '../schemas/region.js';
import type { ServiceStatus } from '../schemas/service-status.js';
import type { VerifyCheck } from './verify-report.js';

/**
 * Whether the status was determined recently, by the one staleness rule
 * (`judgeFreshness`): `updated_at` at most `maxAgeS` seconds before `now`,
 * and not further after it than the clock-skew allowance. `basis` says where
 * the bound came from.
 */
export function checkFreshness(
  url: string,
  status: ServiceStatus | undefined,
  now: Date,
  maxAgeS: number,
  basis?: string,
): VerifyCheck {
  const expected = `updated_at at most ${maxAgeS} s old${basis === undefined ? '' : ` (${basis})`}`;
  const base = { endpoint: 'status', check: 'freshness', url, expected } as const;
  if (status === undefined) return { ...base, outcome: 'skip', actual: 'not checked: no valid status document' };
  const freshness = judgeFreshness(status.updated_at, now, maxAgeS * 1000);
  if (freshness.kind === 'future') {
    const ahead = Math.round(freshness.aheadMs / 1000);
    const allowed = Math.round(freshness.allowanceMs / 1000);
    return {
      ...base,
      outcome: 'fail',
      actual: `${status.updated_at} is ${ahead} s in the future, more than the ${allowed} s of clock skew allowed`,
    };
  }
  const actual = `${status.updated_at} is ${Math.round(freshness.ageMs / 1000)} s old`;
  return { ...base, outcome: freshness.kind === 'fresh' ? 'pass' : 'fail', actual };
}

/** Whether the status names its region the way the regions document does. */
export function checkKnownRegion(
  url: string,
  status: ServiceStatus | undefined,
  regions: RegionList | undefined,
  regionsUrl: string,
): VerifyCheck {
  const expected = `a region name listed at ${regionsUrl}`;
  const base = { endpoint: 'status', check: 'known-region', url, expected } as const;
  if (status === undefined) return { ...base, outcome: 'skip', actual: 'not checked: no valid status document' };
  if (regions === undefined) return { ...base, outcome: 'skip', actual: 'not checked: no valid regions document' };
  const known = regions.data.some((region) => region.name === status.region);
  const actual = known
    ? JSON.stringify(status.region)
    : `${JSON.stringify(status.region)} is not among the ${regions.data.length} region names`;
  return { ...base, outcome: known ? 'pass' : 'fail', actual };
}
