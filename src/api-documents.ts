import type { z } from 'zod';
import {
  type DocumentPath,
  INCIDENTS_PATH,
  NOTICES_PATH,
  OBSERVATIONS_PATH,
  REGIONS_PATH,
  STATUS_PATH,
  UPTIME_PATH,
} from './api-paths.js';
import { IncidentsDocumentSchema } from './schemas/incidents.js';
import { NoticesDocumentSchema } from './schemas/notice.js';
import { ObservationsDocumentSchema } from './schemas/observations.js';
import { RegionListSchema } from './schemas/region.js';
import { ServiceStatusSchema } from './schemas/service-status.js';
import { UptimeDocumentSchema } from './schemas/uptime.js';

/** A JSON document the thin handler answers from memory, and what its file must be to be served. */
export interface ApiDocumentSpec {
  readonly path: DocumentPath;
  readonly schema: z.ZodType;
  /** The largest file taken, where the server's default cap is too small for the document's shape. */
  readonly maxBytes?: number;
}

/**
 * The history documents grow with the number of components: the uptime
 * document carries 90 days and 24 hours per component, about 19 KiB each
 * (19 MB for 1,000 components); incidents grow with their count.
 */
const MIB = 1024 * 1024;

/**
 * The largest file the server takes for an API document unless its row
 * says otherwise. The documents are a few kilobytes (a region list of
 * hundreds of entries is well under 100 KiB); a file of megabytes is a
 * mistake or an attack, and reading and parsing it every time it changes
 * would keep a core busy.
 */
export const MAX_API_DOCUMENT_BYTES = MIB;

/**
 * The one table of JSON documents the API serves: the thin handler follows
 * each file and answers its path from memory, taking in only a version its
 * schema accepts.
 */
export const API_DOCUMENTS: readonly ApiDocumentSpec[] = [
  { path: REGIONS_PATH, schema: RegionListSchema },
  { path: STATUS_PATH, schema: ServiceStatusSchema },
  { path: UPTIME_PATH, schema: UptimeDocumentSchema, maxBytes: 32 * MIB },
  { path: INCIDENTS_PATH, schema: IncidentsDocumentSchema, maxBytes: 8 * MIB },
  { path: NOTICES_PATH, schema: NoticesDocumentSchema },
  { path: OBSERVATIONS_PATH, schema: ObservationsDocumentSchema },
];
