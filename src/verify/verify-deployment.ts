import {
  componentFeedPath,
  componentHistoryPath,
  groupFeedPath,
  monthlyReportPath,
  STATUSPAGE_COMPONENTS_PATH,
  UPTIME_PATH,
} from '../api-paths.js';
import { STALE_AFTER_INTERVALS, staleAfterMs } from '../freshness/judge-freshness.js';
import { joinUrl } from '../outbound/join-url.js';
import { formatTimestamp } from '../schemas/service-status.js';
import { StatuspageComponentsSchema } from '../schemas/statuspage/statuspage-documents.js';
import { slugify } from '../slugs/assign-slugs.js';
import { checkDeploymentEndpoint } from './check-deployment-endpoint.js';
import { checkFreshness, checkKnownRegion } from './check-status-document.js';
import { checkSubscriptionEndpoint } from './check-subscription-endpoint.js';
import { ADDED_ENDPOINTS, CONTRACT, type Endpoint, type EndpointContract } from './contract.js';
import { defaultFetch, type FetchFunction, fetchEndpoint, VERIFY_TIMEOUT_MS } from './fetch-endpoint.js';
import type { VerifyCheck, VerifyReport } from './verify-report.js';

/**
 * The path of the feed of the first of `named` (components or groups, by
 * name, in the order the deployment lists them, which is its config's), by
 * the slug rule its writer names feeds by: the first name always keeps its
 * plain slug. `undefined` when none is named.
 */
function firstFeedPath(
  named: readonly { readonly name: string }[] | undefined,
  pathOf: (slug: string) => string,
): string | undefined {
  const first = named?.[0];
  return first === undefined ? undefined : pathOf(slugify(first.name));
}

/**
 * How old the status may be when neither `--max-age` nor the deployment's
 * `/api/v1/uptime` says: the probe writes it far more often than this.
 */
export const DEFAULT_MAX_AGE_S = 300;

export interface VerifyOptions {
  /** Where the deployment answers, e.g. `https://status.example.com`; a path prefix is kept. */
  readonly baseUrl: string;
  /** Where the regions document lives, when not under `baseUrl` (a CDN, say). */
  readonly regionsUrl?: string;
  /** A fixed bound; without it, three of the probe intervals the deployment publishes, else the default. */
  readonly maxAgeS?: number;
  readonly fetch?: FetchFunction;
  readonly now?: () => Date;
  readonly timeoutMs?: number;
  /** The email subscribers' endpoint, when the config has one (`verify --config`): its path and the page's origin. */
  readonly subscriptions?: { readonly path: string; readonly pageOrigin: string };
}

/**
 * Checks a live deployment against the contract: both documents' status
 * codes, exact Content-Type and Cache-Control, CORS and bodies, the status's
 * freshness, and that it names a region the regions document lists; then the
 * same for the documents beside them (uptime, incidents, notices,
 * observations) and the Atom feed, each of which a deployment may leave out (a 404 is a skip).
 * Returns a report; never throws for anything the deployment does.
 */
export async function verifyDeployment(options: VerifyOptions): Promise<VerifyReport> {
  const fetchFunction = options.fetch ?? defaultFetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? VERIFY_TIMEOUT_MS;
  const regionsUrl = options.regionsUrl ?? joinUrl(options.baseUrl, CONTRACT.regions.path);
  const statusUrl = joinUrl(options.baseUrl, CONTRACT.status.path);
  const uptimeUrl = joinUrl(options.baseUrl, UPTIME_PATH);

  const fetchAndCheck = async <T>(endpoint: Endpoint, contract: EndpointContract<T>, url: string) =>
    checkDeploymentEndpoint(endpoint, contract, url, await fetchEndpoint(url, fetchFunction, timeoutMs));
  // One of each document published per component or group, found by what the others name.
  const one = new Set<Endpoint>(['uptime', 'component-history', 'monthly-report', 'component-feed', 'group-feed']);
  const others = ADDED_ENDPOINTS.filter((endpoint) => !one.has(endpoint));
  const [regions, status, uptime, ...added] = await Promise.all([
    fetchAndCheck('regions', CONTRACT.regions, regionsUrl),
    fetchAndCheck('status', CONTRACT.status, statusUrl),
    fetchAndCheck('uptime', CONTRACT.uptime, uptimeUrl),
    ...others.map((endpoint) => {
      const contract: EndpointContract = CONTRACT[endpoint];
      return fetchAndCheck(endpoint, contract, joinUrl(options.baseUrl, contract.path));
    }),
  ]);
  const firstSlug = uptime.document?.components[0]?.slug;
  const statuspageComponents = StatuspageComponentsSchema.safeParse(
    added[others.indexOf('v2/components.json')]?.document,
  ).data;
  const [componentHistory, monthlyReport, componentFeed, groupFeed] = await Promise.all([
    checkOne('component-history', firstSlug && componentHistoryPath(firstSlug), `${uptimeUrl} named no component`),
    // The running month's, which a probe keeping history writes from its first cycle: only where it published one.
    checkOne(
      'monthly-report',
      firstSlug && monthlyReportPath(now().toISOString().slice(0, 7), 'json'),
      `${uptimeUrl} named no component`,
    ),
    checkOne(
      'component-feed',
      firstFeedPath(status.document?.components, componentFeedPath),
      `${statusUrl} named no component`,
    ),
    checkOne(
      'group-feed',
      firstFeedPath(
        statuspageComponents?.components.filter((entry) => entry.group),
        groupFeedPath,
      ),
      `${joinUrl(options.baseUrl, STATUSPAGE_COMPONENTS_PATH)} named no group`,
    ),
  ]);
  const intervalS = uptime.document?.interval_seconds;
  // The same bound as the page and /healthz: three of the intervals the probe says it runs at.
  const maxAgeS =
    options.maxAgeS ?? (intervalS === undefined ? DEFAULT_MAX_AGE_S : staleAfterMs(intervalS * 1000) / 1000);
  const basis =
    options.maxAgeS !== undefined
      ? undefined
      : intervalS === undefined
        ? `default: no probe interval published at ${uptimeUrl}`
        : `${STALE_AFTER_INTERVALS} probe intervals of ${intervalS} s, from ${uptimeUrl}`;
  const checkedAt = now();
  const checks = [
    ...regions.checks,
    ...status.checks,
    checkFreshness(statusUrl, status.document, checkedAt, maxAgeS, basis),
    checkKnownRegion(statusUrl, status.document, regions.document, regionsUrl),
    ...uptime.checks,
    ...componentHistory,
    ...monthlyReport,
    ...added.flatMap((verdict) => verdict.checks),
    ...componentFeed,
    ...groupFeed,
    ...(options.subscriptions === undefined
      ? []
      : await checkSubscriptionEndpoint(
          {
            url: joinUrl(options.baseUrl, `${options.subscriptions.path.replace(/\/+$/, '')}/confirm`),
            pageOrigin: options.subscriptions.pageOrigin,
          },
          fetchFunction,
          timeoutMs,
        )),
  ];
  /**
   * One of the documents published per component or group, at `path` (the
   * first the other documents name: the file layout is the deployment's, so
   * this checks one, not all), or skipped, saying why, when none is named.
   */
  async function checkOne(endpoint: Endpoint, path: string | undefined, noneNamed: string): Promise<VerifyCheck[]> {
    const contract: EndpointContract = CONTRACT[endpoint];
    if (path === undefined) {
      return [
        {
          endpoint,
          check: 'status-code',
          outcome: 'skip',
          url: joinUrl(options.baseUrl, contract.path),
          expected: '200',
          actual: `not checked: ${noneNamed}`,
        },
      ];
    }
    return (await fetchAndCheck(endpoint, contract, joinUrl(options.baseUrl, path))).checks;
  }

  return {
    ok: checks.every((check) => check.outcome !== 'fail'),
    base_url: options.baseUrl,
    regions_url: regionsUrl,
    status_url: statusUrl,
    checked_at: formatTimestamp(checkedAt),
    max_age_s: maxAgeS,
    checks,
  };
}
