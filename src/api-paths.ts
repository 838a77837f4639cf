/** The two operations of the v1 contract, as URL paths and as files under `public/`. */
export const REGIONS_PATH = '/api/v1/regions';
export const STATUS_PATH = '/api/v1/status';
/** What this region's probe observed, before thresholds, for its peers' votes (an addition beside v1). */
export const OBSERVATIONS_PATH = '/api/v1/observations';
/** Every document the server answers from memory, with headers.json rules, exports and an OpenAPI operation. */
export const API_PATHS = [REGIONS_PATH, STATUS_PATH, OBSERVATIONS_PATH] as const;
export type ApiPath = (typeof API_PATHS)[number];

/** Where the document served at `urlPath` lives under a public directory. */
export function documentFile(publicDir: string, urlPath: ApiPath): string {
  return `${publicDir}${urlPath}`;
}

/** The OpenAPI document describing both operations, generated at build time. */
export const OPENAPI_PATH = '/api/v1/openapi.json';

/** The directory of the JSON Schemas, one per document, generated at build time. */
export const SCHEMAS_PATH = '/api/v1/schemas';

/** The probe's history, published as documents beside the status (additions to v1, not part of the contract). */
export const UPTIME_PATH = '/api/v1/uptime';
export const INCIDENTS_PATH = '/api/v1/incidents';

/** The platform team's notices, published by the build from `data/notices.json`. */
export const NOTICES_PATH = '/api/v1/notices';

/** The Atom feed of incidents and notices. */
export const FEED_PATH = '/feed.atom';
