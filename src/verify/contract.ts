import type { z } from 'zod';
import { OBSERVATIONS_PATH, REGIONS_PATH, STATUS_PATH } from '../api-paths.js';
import { ObservationsDocumentSchema } from '../schemas/observations.js';
import { RegionListSchema } from '../schemas/region.js';
import { ServiceStatusSchema } from '../schemas/service-status.js';

/** What the spec requires of one endpoint, as `verify` checks it on a live deployment. */
export interface EndpointContract {
  readonly path: string;
  readonly contentType: string;
  readonly cacheControl: string;
  readonly schema: z.ZodType;
}

/**
 * The spec's rules, restated on purpose: `verify` judges a deployment against
 * the contract, not against whatever `headers.json` happens to say. A unit
 * test keeps `headers.json` and this table in agreement.
 */
export const CONTRACT = {
  regions: {
    path: REGIONS_PATH,
    contentType: 'application/json',
    cacheControl: 'public, max-age=300',
    schema: RegionListSchema,
  },
  status: {
    path: STATUS_PATH,
    contentType: 'application/json',
    cacheControl: 'no-store',
    schema: ServiceStatusSchema,
  },
  /** Not in the v1 contract: what the probe publishes beside the status for its peers, held to the same rules. */
  observations: {
    path: OBSERVATIONS_PATH,
    contentType: 'application/json',
    cacheControl: 'no-store',
    schema: ObservationsDocumentSchema,
  },
} as const satisfies Record<string, EndpointContract>;

export type Endpoint = keyof typeof CONTRACT;

/** Every document is public: any origin may read it. */
export const EXPECTED_ALLOW_ORIGIN = '*';
