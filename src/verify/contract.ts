import type { z } from 'zod';
import { TEXT_DOCUMENTS, type TextDocumentPath } from '../api-documents.js';
import {
  COMPONENT_FEEDS_PATH,
  COMPONENT_HISTORY_PATH,
  FEED_EXTENSION,
  FEED_PATH,
  GROUP_FEEDS_PATH,
  HEARTBEATS_PATH,
  INCIDENTS_PATH,
  LLMS_TXT_PATH,
  NOTICES_PATH,
  OBSERVATIONS_PATH,
  REGIONS_PATH,
  REPORTS_PATH,
  STATUS_MARKDOWN_PATH,
  STATUS_PATH,
  STATUSPAGE_ACTIVE_MAINTENANCES_PATH,
  STATUSPAGE_COMPONENTS_PATH,
  STATUSPAGE_INCIDENTS_PATH,
  STATUSPAGE_MAINTENANCES_PATH,
  STATUSPAGE_STATUS_PATH,
  STATUSPAGE_SUMMARY_PATH,
  STATUSPAGE_UNRESOLVED_INCIDENTS_PATH,
  STATUSPAGE_UPCOMING_MAINTENANCES_PATH,
  UPTIME_PATH,
} from '../api-paths.js';
import { InputError } from '../errors/input-error.js';
import { parseDocument } from '../io/parse-document.js';
import { readStaleAfter } from '../markdown/mark-stale.js';
import { ComponentHistoryDocumentSchema } from '../schemas/component-history.js';
import { HeartbeatsDocumentSchema } from '../schemas/heartbeats-document.js';
import { IncidentsDocumentSchema } from '../schemas/incidents.js';
import { MonthlyReportSchema } from '../schemas/monthly-report.js';
import { NoticesDocumentSchema } from '../schemas/notice.js';
import { ObservationsDocumentSchema } from '../schemas/observations.js';
import { RegionListSchema } from '../schemas/region.js';
import { ServiceStatusSchema } from '../schemas/service-status.js';
import {
  StatuspageActiveMaintenancesSchema,
  StatuspageComponentsSchema,
  StatuspageIncidentsSchema,
  StatuspageMaintenancesSchema,
  StatuspageStatusDocumentSchema,
  StatuspageSummarySchema,
  StatuspageUnresolvedIncidentsSchema,
  StatuspageUpcomingMaintenancesSchema,
} from '../schemas/statuspage/statuspage-documents.js';
import { UptimeDocumentSchema } from '../schemas/uptime.js';
import { readAtomFeed } from './read-atom-feed.js';

/** A document's endpoint name in `verify`'s report: its path under `/api/` (`v2/summary.json`). */
type EndpointOf<Path> = Path extends `/api/${infer Name}` ? Name : never;

function endpointOf<Path extends `/api/${string}`>(path: Path): EndpointOf<Path> {
  // The slice is what the type says: the path without its `/api/` prefix.
  return path.slice('/api/'.length) as EndpointOf<Path>;
}

/** Statuspage's public API v2, named by their paths under `/api/`, from `api-paths.ts`. */
export const STATUSPAGE_ENDPOINTS = [
  endpointOf(STATUSPAGE_SUMMARY_PATH),
  endpointOf(STATUSPAGE_STATUS_PATH),
  endpointOf(STATUSPAGE_COMPONENTS_PATH),
  endpointOf(STATUSPAGE_INCIDENTS_PATH),
  endpointOf(STATUSPAGE_UNRESOLVED_INCIDENTS_PATH),
  endpointOf(STATUSPAGE_MAINTENANCES_PATH),
  endpointOf(STATUSPAGE_UPCOMING_MAINTENANCES_PATH),
  endpointOf(STATUSPAGE_ACTIVE_MAINTENANCES_PATH),
] as const;

/**
 * The endpoints published beside the contract's two: the history (the
 * summary, the detail document of the first component it names, and the
 * running month's report), the
 * notices, the probe's observations and heartbeats, Statuspage's documents, the feed, and
 * the feeds of the first component the status names and of the first group
 * Statuspage's components document names.
 */
export const ADDED_ENDPOINTS = [
  'uptime',
  'component-history',
  'monthly-report',
  'incidents',
  'notices',
  'observations',
  'heartbeats',
  ...STATUSPAGE_ENDPOINTS,
  'feed',
  'status.md',
  'llms.txt',
  'component-feed',
  'group-feed',
] as const;

/** Every endpoint `verify` checks, in the order it reports them. */
export const ENDPOINTS = ['regions', 'status', ...ADDED_ENDPOINTS] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/** Any origin may read the API documents. */
export const EXPECTED_ALLOW_ORIGIN = '*';

/** What a deployment must serve at one path, as `verify` checks it live. */
export interface EndpointContract<T = unknown> {
  readonly path: string;
  readonly contentType: string;
  readonly cacheControl: string;
  /** The `Access-Control-Allow-Origin` required, or `null` where none is checked. */
  readonly allowOrigin: string | null;
  /**
   * `required` for the two contract documents. An `optional` document may be
   * left out by a deployment (history not enabled, a static host with only
   * the regions and the status): a 404 is reported as `skip`, not as a failure.
   */
  readonly presence: 'required' | 'optional';
  /** What a valid body is, in the report's words. */
  readonly body: string;
  /** Reads the body; throws `InputError` naming every problem. */
  readonly read: (url: string, text: string) => T;
}

/** A JSON document's contract: application/json, CORS, and a body the zod schema accepts. */
function jsonDocument<S extends z.ZodType>(
  path: string,
  cacheControl: string,
  presence: EndpointContract['presence'],
  schema: S,
  name: string,
): EndpointContract<z.output<S>> {
  return {
    path,
    contentType: 'application/json',
    cacheControl,
    allowOrigin: EXPECTED_ALLOW_ORIGIN,
    presence,
    body: `a valid ${name} document`,
    read: (url, text) => parseDocument(url, text, schema),
  };
}

/** An Atom feed's contract: its type with the charset, a short shared cache, and a body an Atom reader takes. */
function atomFeed(path: string): EndpointContract<ReturnType<typeof readAtomFeed>> {
  return {
    path,
    contentType: 'application/atom+xml; charset=utf-8',
    cacheControl: 'public, max-age=60',
    // Feed readers fetch it server-side; no browser script needs it cross-origin.
    allowOrigin: null,
    presence: 'optional',
    body: 'a well-formed Atom feed',
    read: readAtomFeed,
  };
}

/**
 * A text document's contract (`TEXT_DOCUMENTS`): its type, CORS, and a body
 * that opens with its heading; `status.md` must also say when it goes stale.
 */
function textDocument(path: TextDocumentPath, cacheControl: string): EndpointContract<string> {
  const row = TEXT_DOCUMENTS.find((document) => document.path === path);
  const startsWith = row?.startsWith ?? '';
  return {
    path,
    contentType: row?.contentType ?? '',
    cacheControl,
    allowOrigin: EXPECTED_ALLOW_ORIGIN,
    presence: 'optional',
    body: path === STATUS_MARKDOWN_PATH ? 'markdown with its "Stale after" time' : 'an llms.txt index',
    read: (url, text) => {
      if (!text.startsWith(startsWith))
        throw new InputError(url, [{ path: '', reason: `does not start with ${JSON.stringify(startsWith)}` }]);
      if (path === STATUS_MARKDOWN_PATH && readStaleAfter(text) === undefined) {
        throw new InputError(url, [{ path: '', reason: 'says no "Stale after" time' }]);
      }
      return text;
    },
  };
}

/**
 * The rules, restated on purpose: `verify` judges a deployment against the
 * contract (the spec, for regions and status) and the documents published
 * beside it, not against whatever `headers.json` happens to say. A unit test
 * keeps `headers.json` and this table in agreement.
 */
export const CONTRACT = {
  regions: jsonDocument(REGIONS_PATH, 'public, max-age=300', 'required', RegionListSchema, 'regions'),
  status: jsonDocument(STATUS_PATH, 'no-store', 'required', ServiceStatusSchema, 'status'),
  uptime: jsonDocument(UPTIME_PATH, 'public, max-age=60', 'optional', UptimeDocumentSchema, 'uptime'),
  // One file per component; `verify` checks the one the summary names first (`path` is the template).
  'component-history': jsonDocument(
    `${COMPONENT_HISTORY_PATH}/{slug}.json`,
    'public, max-age=60',
    'optional',
    ComponentHistoryDocumentSchema,
    'component history',
  ),
  // One file per month; `verify` checks the running month's, which the probe writes from its first cycle in it.
  'monthly-report': jsonDocument(
    `${REPORTS_PATH}/{month}.json`,
    'public, max-age=60',
    'optional',
    MonthlyReportSchema,
    'monthly report',
  ),
  incidents: jsonDocument(INCIDENTS_PATH, 'public, max-age=60', 'optional', IncidentsDocumentSchema, 'incidents'),
  notices: jsonDocument(NOTICES_PATH, 'public, max-age=60', 'optional', NoticesDocumentSchema, 'notices'),
  // What the probe saw, for its peers' votes: a static host, or a deployment without peers, may leave it out.
  observations: jsonDocument(OBSERVATIONS_PATH, 'no-store', 'optional', ObservationsDocumentSchema, 'observations'),
  // Only where the config has heartbeat components.
  heartbeats: jsonDocument(HEARTBEATS_PATH, 'no-store', 'optional', HeartbeatsDocumentSchema, 'heartbeats'),
  // Statuspage's documents all carry the live status (the page's time, each component's state): never cached.
  [endpointOf(STATUSPAGE_SUMMARY_PATH)]: jsonDocument(
    STATUSPAGE_SUMMARY_PATH,
    'no-store',
    'optional',
    StatuspageSummarySchema,
    'summary.json',
  ),
  [endpointOf(STATUSPAGE_STATUS_PATH)]: jsonDocument(
    STATUSPAGE_STATUS_PATH,
    'no-store',
    'optional',
    StatuspageStatusDocumentSchema,
    'status.json',
  ),
  [endpointOf(STATUSPAGE_COMPONENTS_PATH)]: jsonDocument(
    STATUSPAGE_COMPONENTS_PATH,
    'no-store',
    'optional',
    StatuspageComponentsSchema,
    'components.json',
  ),
  [endpointOf(STATUSPAGE_INCIDENTS_PATH)]: jsonDocument(
    STATUSPAGE_INCIDENTS_PATH,
    'no-store',
    'optional',
    StatuspageIncidentsSchema,
    'incidents.json',
  ),
  [endpointOf(STATUSPAGE_UNRESOLVED_INCIDENTS_PATH)]: jsonDocument(
    STATUSPAGE_UNRESOLVED_INCIDENTS_PATH,
    'no-store',
    'optional',
    StatuspageUnresolvedIncidentsSchema,
    'unresolved incidents',
  ),
  [endpointOf(STATUSPAGE_MAINTENANCES_PATH)]: jsonDocument(
    STATUSPAGE_MAINTENANCES_PATH,
    'no-store',
    'optional',
    StatuspageMaintenancesSchema,
    'scheduled-maintenances.json',
  ),
  [endpointOf(STATUSPAGE_UPCOMING_MAINTENANCES_PATH)]: jsonDocument(
    STATUSPAGE_UPCOMING_MAINTENANCES_PATH,
    'no-store',
    'optional',
    StatuspageUpcomingMaintenancesSchema,
    'upcoming maintenances',
  ),
  [endpointOf(STATUSPAGE_ACTIVE_MAINTENANCES_PATH)]: jsonDocument(
    STATUSPAGE_ACTIVE_MAINTENANCES_PATH,
    'no-store',
    'optional',
    StatuspageActiveMaintenancesSchema,
    'active maintenances',
  ),
  feed: atomFeed(FEED_PATH),
  // One feed per component and per group; `verify` checks one of each (`path` is the template).
  'component-feed': atomFeed(`${COMPONENT_FEEDS_PATH}/{slug}${FEED_EXTENSION}`),
  'group-feed': atomFeed(`${GROUP_FEEDS_PATH}/{slug}${FEED_EXTENSION}`),
  // The status in markdown is the status: never cached; the index changes with the config.
  'status.md': textDocument(STATUS_MARKDOWN_PATH, 'no-store'),
  'llms.txt': textDocument(LLMS_TXT_PATH, 'public, max-age=300'),
} as const satisfies Record<Endpoint, EndpointContract>;
