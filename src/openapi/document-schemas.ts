import type { z } from 'zod';
import { ErrorBodySchema } from '../schemas/error-body.js';
import { ObservationsDocumentSchema } from '../schemas/observations.js';
import { RegionListSchema } from '../schemas/region.js';
import { ServiceStatusSchema } from '../schemas/service-status.js';

/** A document the API answers with, and where its JSON Schema is published. */
export interface DocumentSchema {
  /** The OpenAPI component name. */
  readonly name: string;
  /** The file name under `/api/v1/schemas/`. */
  readonly file: string;
  readonly schema: z.ZodType;
}

/** The bodies the API sends: the regions list, the service status, the observations and the error. */
export const DOCUMENT_SCHEMAS = {
  regionList: { name: 'RegionList', file: 'region-list.json', schema: RegionListSchema },
  serviceStatus: { name: 'ServiceStatus', file: 'service-status.json', schema: ServiceStatusSchema },
  observations: { name: 'Observations', file: 'observations.json', schema: ObservationsDocumentSchema },
  error: { name: 'ErrorBody', file: 'error.json', schema: ErrorBodySchema },
} as const satisfies Record<string, DocumentSchema>;
