import { formatTimestamp } from '../schemas/service-status.js';
import { checkEndpoint } from './check-endpoint.js';
import { checkFreshness, checkKnownRegion } from './check-status-document.js';
import { CONTRACT } from './contract.js';
import { DEFAULT_TIMEOUT_MS, defaultFetch, type FetchFunction, fetchEndpoint } from './fetch-endpoint.js';
import type { VerifyReport } from './verify-report.js';

/** How old the status may be by default: the probe writes it far more often than this. */
export const DEFAULT_MAX_AGE_S = 300;

export interface VerifyOptions {
  /** Where the deployment answers, e.g. `https://status.example.com`; a path prefix is kept. */
  readonly baseUrl: string;
  /** Where the regions document lives, when not under `baseUrl` (a CDN, say). */
  readonly regionsUrl?: string;
  readonly maxAgeS?: number;
  readonly fetch?: FetchFunction;
  readonly now?: () => Date;
  readonly timeoutMs?: number;
}

/**
 * Checks a live deployment against the contract: each document's status
 * code, exact Content-Type and Cache-Control, CORS and body (the regions, the
 * status and the observations), the status's freshness, and that it names a
 * region the regions document lists. Returns
 * a report; never throws for anything the deployment does.
 */
export async function verifyDeployment(options: VerifyOptions): Promise<VerifyReport> {
  const fetchFunction = options.fetch ?? defaultFetch;
  const now = options.now ?? (() => new Date());
  const maxAgeS = options.maxAgeS ?? DEFAULT_MAX_AGE_S;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const regionsUrl = options.regionsUrl ?? joinUrl(options.baseUrl, CONTRACT.regions.path);
  const statusUrl = joinUrl(options.baseUrl, CONTRACT.status.path);
  const observationsUrl = joinUrl(options.baseUrl, CONTRACT.observations.path);

  const [regionsOutcome, statusOutcome, observationsOutcome] = await Promise.all([
    fetchEndpoint(regionsUrl, fetchFunction, timeoutMs),
    fetchEndpoint(statusUrl, fetchFunction, timeoutMs),
    fetchEndpoint(observationsUrl, fetchFunction, timeoutMs),
  ]);
  const checkedAt = now();
  const regions = checkEndpoint('regions', CONTRACT.regions, regionsUrl, regionsOutcome);
  const status = checkEndpoint('status', CONTRACT.status, statusUrl, statusOutcome);
  const observations = checkEndpoint('observations', CONTRACT.observations, observationsUrl, observationsOutcome);
  const checks = [
    ...regions.checks,
    ...status.checks,
    checkFreshness(statusUrl, status.document, checkedAt, maxAgeS),
    checkKnownRegion(statusUrl, status.document, regions.document, regionsUrl),
    ...observations.checks,
  ];
  return {
    ok: checks.every((check) => check.outcome !== 'fail'),
    base_url: options.baseUrl,
    regions_url: regionsUrl,
    status_url: statusUrl,
    observations_url: observationsUrl,
    checked_at: formatTimestamp(checkedAt),
    max_age_s: maxAgeS,
    checks,
  };
}

/** `https://host/prefix/` + `/api/v1/status`, keeping any path prefix and never doubling the slash. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}
