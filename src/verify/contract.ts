import type { z } from 'zod';
import {
  FEED_PATH,
  INCIDENTS_PATH,
  NOTICES_PATH,
  OBSERVATIONS_PATH,
  REGIONS_PATH,
  STATUS_PATH,
  UPTIME_PATH,
} from '../api-paths.js';
import { parseDocument } from '../io/parse-document.js';
import { IncidentsDocumentSchema } from '../schemas/incidents.js';
import { NoticesDocumentSchema } from '../schemas/notice.js';
import { ObservationsDocumentSchema } from '../schemas/observations.js';
import { RegionListSchema } from '../schemas/region.js';
import { ServiceStatusSchema } from '../schemas/service-status.js';
import { UptimeDocumentSchema } from '../schemas/uptime.js';
import { readAtomFeed } from './read-atom-feed.js';

/** The endpoints published beside the contract's two: the history, the notices, the probe's observations and the feed. */
export const ADDED_ENDPOINTS = ['uptime', 'incidents', 'notices', 'observations', 'feed'] as const;

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
  incidents: jsonDocument(INCIDENTS_PATH, 'public, max-age=60', 'optional', IncidentsDocumentSchema, 'incidents'),
  notices: jsonDocument(NOTICES_PATH, 'public, max-age=60', 'optional', NoticesDocumentSchema, 'notices'),
  // What the probe saw, for its peers' votes: a static host, or a deployment without peers, may leave it out.
  observations: jsonDocument(OBSERVATIONS_PATH, 'no-store', 'optional', ObservationsDocumentSchema, 'observations'),
  feed: {
    path: FEED_PATH,
    contentType: 'application/atom+xml; charset=utf-8',
    cacheControl: 'public, max-age=60',
    // Feed readers fetch it server-side; no browser script needs it cross-origin.
    allowOrigin: null,
    presence: 'optional',
    body: 'a well-formed Atom feed',
    read: readAtomFeed,
  },
} as const satisfies Record<Endpoint, EndpointContract>;
