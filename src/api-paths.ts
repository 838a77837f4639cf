/**
 * The URL paths the service publishes at, each also a file under `public/`.
 * Which of them are API documents, and everything else about each, is in the
 * one table of documents, `API_DOCUMENTS` in `api-documents.ts`.
 */
export const REGIONS_PATH = '/api/v1/regions';
export const STATUS_PATH = '/api/v1/status';

/** The OpenAPI document describing every document's operations, generated at build time. */
export const OPENAPI_PATH = '/api/v1/openapi.json';

/** The directory of the JSON Schemas, one per document, generated at build time. */
export const SCHEMAS_PATH = '/api/v1/schemas';

/** The probe's history, published as documents beside the status (additions to v1, not part of the contract). */
export const UPTIME_PATH = '/api/v1/uptime';
export const INCIDENTS_PATH = '/api/v1/incidents';
/** The directory of the per-component detail documents: `COMPONENT_HISTORY_PATH/{slug}.json`, one per configured component. */
export const COMPONENT_HISTORY_PATH = '/api/v1/component-history';

/** Where one component's detail document is served, by its slug. */
export function componentHistoryPath(slug: string): `/${string}` {
  return `${COMPONENT_HISTORY_PATH}/${slug}.json`;
}

/** The platform team's notices, published by the build from `data/notices.json`. */
export const NOTICES_PATH = '/api/v1/notices';

/** This region's heartbeat components: what each expects and last heard (an addition beside v1). */
export const HEARTBEATS_PATH = '/api/v1/heartbeats';

/** What this region's probe observed, before thresholds, for its peers' votes (an addition beside v1). */
export const OBSERVATIONS_PATH = '/api/v1/observations';

/** The status in markdown, for agents and terminals: written by the probe beside the JSON status. */
export const STATUS_MARKDOWN_PATH = '/status.md';

/** What this site is and where its documents are, in the llms.txt format (llmstxt.org). */
export const LLMS_TXT_PATH = '/llms.txt';

/** The MCP endpoint `serve --mcp` answers (streamable HTTP, stateless), and the card that describes it. */
export const MCP_PATH = '/mcp';
export const MCP_CARD_PATH = '/.well-known/mcp.json';

/** The Atom feed of incidents and notices. */
export const FEED_PATH = '/feed.atom';

/** The directory of the feeds of one component or one group each, written by the build and the probe. */
export const FEEDS_PATH = '/feeds';
/** One component's feed is `COMPONENT_FEEDS_PATH/{slug}.atom`; one group's, `GROUP_FEEDS_PATH/{slug}.atom`. */
export const COMPONENT_FEEDS_PATH = '/feeds/components';
export const GROUP_FEEDS_PATH = '/feeds/groups';

/** The extension of every Atom feed published. */
export const FEED_EXTENSION = '.atom';

/** The calendar (iCalendar) of every planned maintenance, written with the feeds. */
export const MAINTENANCE_CALENDAR_PATH = '/feeds/maintenance.ics';
/** The extension of every calendar published: one component's is `COMPONENT_FEEDS_PATH/{slug}.ics`. */
export const CALENDAR_EXTENSION = '.ics';

/** Where one component's maintenance calendar is served, by its slug. */
export function componentCalendarPath(slug: string): `/${string}` {
  return `${COMPONENT_FEEDS_PATH}/${slug}${CALENDAR_EXTENSION}`;
}

/** Where one component's feed is served, by its slug. */
export function componentFeedPath(slug: string): `/${string}` {
  return `${COMPONENT_FEEDS_PATH}/${slug}${FEED_EXTENSION}`;
}

/** Where one group's feed is served, by its slug. */
export function groupFeedPath(slug: string): `/${string}` {
  return `${GROUP_FEEDS_PATH}/${slug}${FEED_EXTENSION}`;
}

/** Where the document served at `urlPath` lives under a public directory. */
export function documentFile(publicDir: string, urlPath: `/${string}`): string {
  return `${publicDir}${urlPath}`;
}

/**
 * Statuspage's public API v2, rendered from the same data (an addition beside
 * v1, in Statuspage's own paths and shapes, so that its consumers read it).
 */
export const STATUSPAGE_SUMMARY_PATH = '/api/v2/summary.json';
export const STATUSPAGE_STATUS_PATH = '/api/v2/status.json';
export const STATUSPAGE_COMPONENTS_PATH = '/api/v2/components.json';
export const STATUSPAGE_INCIDENTS_PATH = '/api/v2/incidents.json';
export const STATUSPAGE_UNRESOLVED_INCIDENTS_PATH = '/api/v2/incidents/unresolved.json';
export const STATUSPAGE_MAINTENANCES_PATH = '/api/v2/scheduled-maintenances.json';
export const STATUSPAGE_UPCOMING_MAINTENANCES_PATH = '/api/v2/scheduled-maintenances/upcoming.json';
export const STATUSPAGE_ACTIVE_MAINTENANCES_PATH = '/api/v2/scheduled-maintenances/active.json';

/** The badges, written by the probe: `status.json`/`.svg`, `uptime.*`, `components/SLUG/*`, `groups/SLUG/*`. */
export const BADGES_PATH = '/badges';

/** Where Statuspage's documents lie, and nothing else. */
export const STATUSPAGE_DIRECTORY_PATH = '/api/v2';

/** The monthly reports: `REPORTS_PATH/{YYYY-MM}.json` and `.csv`, and the index of the months. */
export const REPORTS_PATH = '/api/v1/reports';
export const REPORTS_INDEX_PATH = '/api/v1/reports/index.json';

/** Where one month's report is served, as JSON or CSV. */
export function monthlyReportPath(month: string, extension: 'json' | 'csv'): `/${string}` {
  return `${REPORTS_PATH}/${month}.${extension}`;
}
