import type { z } from 'zod';
import { ErrorBodySchema } from '../schemas/error-body.js';
import { IncidentsDocumentSchema } from '../schemas/incidents.js';
import { NoticesDocumentSchema } from '../schemas/notice.js';
import { ObservationsDocumentSchema } from '../schemas/observations.js';
import { RegionListSchema } from '../schemas/region.js';
import { ServiceStatusSchema } from '../schemas/service-status.js';
import { UptimeDocumentSchema } from '../schemas/uptime.js';

/** A document the API answers with, and where its JSON Schema is published. */
export interface DocumentSchema {
  /** The OpenAPI component name. */
  readonly name: string;
  /** The file name under `/api/v1/schemas/`. */
  readonly file: string;
  readonly schema: z.ZodType;
}

/**
 * The bodies the API sends: the regions list, the service status, the
 * history (uptime, incidents), the notices, the observations and the error.
 */
export const DOCUMENT_SCHEMAS = {
  regionList: { name: 'RegionList', file: 'region-list.json', schema: RegionListSchema },
  serviceStatus: { name: 'ServiceStatus', file: 'service-status.json', schema: ServiceStatusSchema },
  uptime: { name: 'Uptime', file: 'uptime.json', schema: UptimeDocumentSchema },
  incidents: { name: 'Incidents', file: 'incidents.json', schema: IncidentsDocumentSchema },
  notices: { name: 'Notices', file: 'notices.json', schema: NoticesDocumentSchema },
  observations: { name: 'Observations', file: 'observations.json', schema: ObservationsDocumentSchema },
  error: { name: 'ErrorBody', file: 'error.json', schema: ErrorBodySchema },
} as const satisfies Record<string, DocumentSchema>;
