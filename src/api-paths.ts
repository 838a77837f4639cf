/** The two operations of the v1 contract, as URL paths and as files under `public/`. */
export const REGIONS_PATH = '/api/v1/regions';
export const STATUS_PATH = '/api/v1/status';
export const API_PATHS = [REGIONS_PATH, STATUS_PATH] as const;
export type ApiPath = (typeof API_PATHS)[number];

/** The OpenAPI document describing both operations, generated at build time. */
export const OPENAPI_PATH = '/api/v1/openapi.json';

/** The directory of the JSON Schemas, one per document, generated at build time. */
export const SCHEMAS_PATH = '/api/v1/schemas';

/** The probe's history, published as documents beside the status (additions to v1, not part of the contract). */
export const UPTIME_PATH = '/api/v1/uptime';
export const INCIDENTS_PATH = '/api/v1/incidents';

/** The platform team's notices, published by the build from `data/notices.json`. */
export const NOTICES_PATH = '/api/v1/notices';

/** What this region's probe observed, before thresholds, for its peers' votes (an addition beside v1). */
export const OBSERVATIONS_PATH = '/api/v1/observations';

/** The Atom feed of incidents and notices. */
export const FEED_PATH = '/feed.atom';

/** Every JSON document the API publishes at a fixed path: the contract's two, then the additions. */
export const DOCUMENT_PATHS = [...API_PATHS, UPTIME_PATH, INCIDENTS_PATH, NOTICES_PATH, OBSERVATIONS_PATH] as const;
export type DocumentPath = (typeof DOCUMENT_PATHS)[number];

/**
 * Every document published at a fixed path, whether or not its file exists
 * yet: each must get its Content-Type and Cache-Control from `headers.json`,
 * and an exact-path rule in every host export.
 */
export const PUBLISHED_PATHS = [...DOCUMENT_PATHS, FEED_PATH] as const;
export type PublishedPath = (typeof PUBLISHED_PATHS)[number];

/** Where the document served at `urlPath` lives under a public directory. */
export function documentFile(publicDir: string, urlPath: PublishedPath): string {
  return `${publicDir}${urlPath}`;
}
