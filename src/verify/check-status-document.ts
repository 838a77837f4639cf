import type { RegionList } from '../schemas/region.js';
import type { ServiceStatus } from '../schemas/service-status.js';
import type { CheckResult } from './verify-report.js';

/** How far ahead of our clock `updated_at` may be before it counts as wrong rather than skew. */
export const CLOCK_SKEW_S = 60;

/**
 * Whether the status was determined recently: `updated_at` at most `maxAgeS`
 * seconds before `now`, and not more than `CLOCK_SKEW_S` after it.
 */
export function checkFreshness(
  url: string,
  status: ServiceStatus | undefined,
  now: Date,
  maxAgeS: number,
): CheckResult {
  const expected = `updated_at at most ${maxAgeS} s old`;
  const base = { endpoint: 'status', check: 'freshness', url, expected } as const;
  if (status === undefined) return { ...base, outcome: 'skip', actual: 'not checked: no valid status document' };
  const ageS = Math.round((now.getTime() - Date.parse(status.updated_at)) / 1000);
  if (ageS < -CLOCK_SKEW_S) {
    return { ...base, outcome: 'fail', actual: `${status.updated_at} is ${-ageS} s in the future` };
  }
  const actual = `${status.updated_at} is ${Math.max(ageS, 0)} s old`;
  return { ...base, outcome: ageS <= maxAgeS ? 'pass' : 'fail', actual };
}

/** Whether the status names its region the way the regions document does. */
export function checkKnownRegion(
  url: string,
  status: ServiceStatus | undefined,
  regions: RegionList | undefined,
  regionsUrl: string,
): CheckResult {
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
