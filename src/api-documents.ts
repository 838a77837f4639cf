import { z } from 'zod';
import {
  COMPONENT_HISTORY_PATH,
  FEED_PATH,
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
} from './api-paths.js';

import { ComponentHistoryDocumentSchema } from './schemas/component-history.js';
import { HeartbeatsDocumentSchema } from './schemas/heartbeats-document.js';
import { IncidentsDocumentSchema } from './schemas/incidents.js';
import { MONTH_PATTERN, MonthlyReportSchema } from './schemas/monthly-report.js';
import { NoticesDocumentSchema } from './schemas/notice.js';
import { ObservationsDocumentSchema } from './schemas/observations.js';
import { RegionListSchema } from './schemas/region.js';
import { ServiceStatusSchema, TimestampSchema } from './schemas/service-status.js';
import {
  StatuspageActiveMaintenancesSchema,
  StatuspageComponentsSchema,
  StatuspageIncidentsSchema,
  StatuspageMaintenancesSchema,
  StatuspageStatusDocumentSchema,
  StatuspageSummarySchema,
  StatuspageUnresolvedIncidentsSchema,
  StatuspageUpcomingMaintenancesSchema,
} from './schemas/statuspage/statuspage-documents.js';
import { COMPONENT_SLUG_PATTERN, UptimeDocumentSchema } from './schemas/uptime.js';

/** A JSON document the API publishes at a fixed path: everything the server, the build and OpenAPI need of it. */
interface DocumentRow<Path extends string> {
  readonly path: Path;
  /** What its file must be to be served, and what its JSON Schema says. */
  readonly schema: z.ZodType;
  /** Its body's name in OpenAPI (`#/components/schemas/NAME`). */
  readonly schemaName: string;
  /** Its JSON Schema's file name under `/api/v1/schemas/`. */
  readonly schemaFile: string;
  /** The OpenAPI `operationId` of its GET; HEAD and the refused methods get this with a suffix. */
  readonly operationId: string;
  /** The OpenAPI summary of its GET. */
  readonly summary: string;
  /** The largest file taken, where the server's default cap is too small for the document's shape. */
  readonly maxBytes?: number;
  /**
   * One of the v1 contract's documents, which `verify` fails a deployment
   * without; the others are additions a deployment may leave out.
   * `verify/contract.ts` restates this on purpose; a unit test keeps the two in agreement.
   * The server answers a left-out one 404 while it has no file (as a static
   * host does), and a required one 503 with `Retry-After` until it is published.
   */
  readonly requiredByVerify: boolean;
  /**
   * Where the document says when it was made, for a reader that holds a
   * version and is offered another: the server keeps the newer
   * (`isOlderThanHeld`). Left out for the build's documents, which say no time.
   */
  readonly dated?: z.ZodType<string>;
}

/** When the status was made, and Statuspage's documents: `updated_at`. */
const UPDATED_AT = z.object({ updated_at: TimestampSchema }).transform(({ updated_at }) => updated_at);
/** When the history documents were rendered: `generated_at`. */
const GENERATED_AT = z.object({ generated_at: TimestampSchema }).transform(({ generated_at }) => generated_at);
/** When the cycle's checks finished: `observed_at`. */
const OBSERVED_AT = z.object({ observed_at: TimestampSchema }).transform(({ observed_at }) => observed_at);
/** When Statuspage's page last changed: `page.updated_at`. */
const PAGE_UPDATED_AT = z.object({ page: UPDATED_AT }).transform(({ page }) => page);

/**
 * The history documents grow with the number of components: the uptime
 * summary carries three values per component per day for 90 days, about
 * 2.2 KB each (2.2 MB for 1,000 components, measured in the bench; its cap
 * of 8 MiB holds about 3,500 such, or 2,800 whose every day reads
 * `degraded_performance`); incidents grow with their count.
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

/** The rows of `API_DOCUMENTS`, kept literal so that `DocumentPath` names exactly their paths. */
const ROWS = [
  {
    path: REGIONS_PATH,
    schema: RegionListSchema,
    schemaName: 'RegionList',
    schemaFile: 'region-list.json',
    operationId: 'listRegions',
    summary: 'List the regions',
    requiredByVerify: true,
  },
  {
    path: STATUS_PATH,
    schema: ServiceStatusSchema,
    schemaName: 'ServiceStatus',
    schemaFile: 'service-status.json',
    operationId: 'getStatus',
    summary: 'Read the service status',
    requiredByVerify: true,
    dated: UPDATED_AT,
  },
  {
    path: UPTIME_PATH,
    schema: UptimeDocumentSchema,
    schemaName: 'Uptime',
    schemaFile: 'uptime.json',
    operationId: 'getUptime',
    summary: "Read each component's uptime and 90-day summary",
    maxBytes: 8 * MIB,
    requiredByVerify: false,
    dated: GENERATED_AT,
  },
  {
    path: INCIDENTS_PATH,
    schema: IncidentsDocumentSchema,
    schemaName: 'Incidents',
    schemaFile: 'incidents.json',
    operationId: 'listIncidents',
    summary: 'List the recent incidents',
    maxBytes: 8 * MIB,
    requiredByVerify: false,
    dated: GENERATED_AT,
  },
  {
    path: NOTICES_PATH,
    schema: NoticesDocumentSchema,
    schemaName: 'Notices',
    schemaFile: 'notices.json',
    operationId: 'listNotices',
    summary: 'List the notices',
    requiredByVerify: false,
  },
  {
    path: OBSERVATIONS_PATH,
    schema: ObservationsDocumentSchema,
    schemaName: 'Observations',
    schemaFile: 'observations.json',
    operationId: 'getObservations',
    summary: "Read what this region's probe observed, and its votes",
    requiredByVerify: false,
    dated: OBSERVED_AT,
  },
  {
    path: HEARTBEATS_PATH,
    schema: HeartbeatsDocumentSchema,
    schemaName: 'Heartbeats',
    schemaFile: 'heartbeats.json',
    operationId: 'listHeartbeats',
    summary: "List this region's heartbeat components: what each expects and when it was last heard",
    requiredByVerify: false,
    dated: UPDATED_AT,
  },
  // Statuspage's public API v2, in its paths and shapes. Incidents and notices embed the components they
  // affect, so the lists that carry them get room for many components.
  {
    path: STATUSPAGE_SUMMARY_PATH,
    schema: StatuspageSummarySchema,
    schemaName: 'StatuspageSummary',
    schemaFile: 'statuspage-summary.json',
    operationId: 'getStatuspageSummary',
    summary: 'Read the Statuspage summary: page, components, unresolved incidents, current maintenance',
    maxBytes: 32 * MIB,
    requiredByVerify: false,
    dated: PAGE_UPDATED_AT,
  },
  {
    path: STATUSPAGE_STATUS_PATH,
    schema: StatuspageStatusDocumentSchema,
    schemaName: 'StatuspageStatusDocument',
    schemaFile: 'statuspage-status.json',
    operationId: 'getStatuspageStatus',
    summary: 'Read the Statuspage status rollup',
    requiredByVerify: false,
    dated: PAGE_UPDATED_AT,
  },
  {
    path: STATUSPAGE_COMPONENTS_PATH,
    schema: StatuspageComponentsSchema,
    schemaName: 'StatuspageComponents',
    schemaFile: 'statuspage-components.json',
    operationId: 'listStatuspageComponents',
    summary: 'List the Statuspage components and groups',
    maxBytes: 8 * MIB,
    requiredByVerify: false,
    dated: PAGE_UPDATED_AT,
  },
  {
    path: STATUSPAGE_INCIDENTS_PATH,
    schema: StatuspageIncidentsSchema,
    schemaName: 'StatuspageIncidents',
    schemaFile: 'statuspage-incidents.json',
    operationId: 'listStatuspageIncidents',
    summary: 'List the 50 most recent Statuspage incidents',
    maxBytes: 32 * MIB,
    requiredByVerify: false,
    dated: PAGE_UPDATED_AT,
  },
  {
    path: STATUSPAGE_UNRESOLVED_INCIDENTS_PATH,
    schema: StatuspageUnresolvedIncidentsSchema,
    schemaName: 'StatuspageUnresolvedIncidents',
    schemaFile: 'statuspage-unresolved-incidents.json',
    operationId: 'listStatuspageUnresolvedIncidents',
    summary: 'List the unresolved Statuspage incidents',
    maxBytes: 32 * MIB,
    requiredByVerify: false,
    dated: PAGE_UPDATED_AT,
  },
  {
    path: STATUSPAGE_MAINTENANCES_PATH,
    schema: StatuspageMaintenancesSchema,
    schemaName: 'StatuspageMaintenances',
    schemaFile: 'statuspage-scheduled-maintenances.json',
    operationId: 'listStatuspageScheduledMaintenances',
    summary: 'List the 50 most recent Statuspage scheduled maintenances',
    maxBytes: 32 * MIB,
    requiredByVerify: false,
    dated: PAGE_UPDATED_AT,
  },
  {
    path: STATUSPAGE_UPCOMING_MAINTENANCES_PATH,
    schema: StatuspageUpcomingMaintenancesSchema,
    schemaName: 'StatuspageUpcomingMaintenances',
    schemaFile: 'statuspage-upcoming-maintenances.json',
    operationId: 'listStatuspageUpcomingMaintenances',
    summary: 'List the Statuspage scheduled maintenances that have not begun',
    maxBytes: 32 * MIB,
    requiredByVerify: false,
    dated: PAGE_UPDATED_AT,
  },
  {
    path: STATUSPAGE_ACTIVE_MAINTENANCES_PATH,
    schema: StatuspageActiveMaintenancesSchema,
    schemaName: 'StatuspageActiveMaintenances',
    schemaFile: 'statuspage-active-maintenances.json',
    operationId: 'listStatuspageActiveMaintenances',
    summary: 'List the Statuspage scheduled maintenances in progress',
    maxBytes: 32 * MIB,
    requiredByVerify: false,
    dated: PAGE_UPDATED_AT,
  },
] as const satisfies readonly DocumentRow<`/${string}`>[];

/** The path of a JSON document the API publishes, as a type: one of the table's. */
export type DocumentPath = (typeof ROWS)[number]['path'];
export type ApiDocumentSpec = DocumentRow<DocumentPath>;

/**
 * The one table of JSON documents the API serves, the contract's two first:
 * the thin handler follows each file and answers its path from memory,
 * taking in only a version its schema accepts; the build publishes each
 * one's JSON Schema and OpenAPI operations, refuses to write one over its
 * cap, and gives each path its headers in every host export. A new document
 * is one row here, beside a name for its path in `api-paths.ts`.
 */
export const API_DOCUMENTS: readonly ApiDocumentSpec[] = ROWS;

/** Every JSON document the API publishes at a fixed path, in the table's order. */
export const DOCUMENT_PATHS = API_DOCUMENTS.map((document) => document.path);

/** A text document published at a fixed path for readers that are not browsers: agents, terminals. */
export interface TextDocumentSpec {
  readonly path: `/${string}`;
  /** The Content-Type `headers.json` must give it, and `verify` expects. */
  readonly contentType: string;
  /** The largest file its writer writes and `verify` takes. */
  readonly maxBytes: number;
  /** Its first line starts so (a markdown heading): what `verify` checks of its body. */
  readonly startsWith: string;
  /** What it is, in the llms.txt index and in the docs. */
  readonly summary: string;
}

/**
 * The text documents, a row each: the status in markdown (rendered by the
 * probe each cycle, its cache rules the status's) and `llms.txt` (by the
 * build and the probe). Like the feed they are no JSON documents, so they
 * have no JSON Schema and no OpenAPI operation; their headers, exports and
 * `verify` follow from `PUBLISHED_PATHS` and this row.
 */
const TEXT_ROWS = [
  {
    path: STATUS_MARKDOWN_PATH,
    contentType: 'text/markdown; charset=utf-8',
    maxBytes: 4 * MIB,
    startsWith: '# ',
    summary: 'The status in markdown: overall, each component with since when, open incidents and maintenance',
  },
  {
    path: LLMS_TXT_PATH,
    contentType: 'text/plain; charset=utf-8',
    maxBytes: MIB,
    startsWith: '# ',
    summary: 'What this site is and where its documents are, in the llms.txt format',
  },
] as const satisfies readonly TextDocumentSpec[];

/** The path of a text document, as a type: one of the table's. */
export type TextDocumentPath = (typeof TEXT_ROWS)[number]['path'];
export const TEXT_DOCUMENTS: readonly (TextDocumentSpec & { readonly path: TextDocumentPath })[] = TEXT_ROWS;

/**
 * The largest file of the document at `path`: its row's cap (a JSON
 * document's, else `MAX_API_DOCUMENT_BYTES`, is what the server takes; a text
 * document's, what its writer writes and `verify` reads).
 */
export function maxBytesOf(path: DocumentPath | TextDocumentPath): number {
  const text = TEXT_DOCUMENTS.find((row) => row.path === path);
  if (text !== undefined) return text.maxBytes;
  return API_DOCUMENTS.find((row) => row.path === path)?.maxBytes ?? MAX_API_DOCUMENT_BYTES;
}

/**
 * Every document published at a fixed path, whether or not its file exists
 * yet: each must get its Content-Type and Cache-Control from `headers.json`,
 * and an exact-path rule in every host export. The feed and the text
 * documents are no JSON documents, so they have no row in `API_DOCUMENTS`.
 */
export const PUBLISHED_PATHS = [
  ...DOCUMENT_PATHS,
  FEED_PATH,
  ...TEXT_DOCUMENTS.map((document) => document.path),
] as const;

/**
 * A JSON document published once per item under one path template with a
 * single `{parameter}`: written by the probe as files and answered from the
 * server's static path (with the same ETags, 304s and compression), not
 * followed into memory: there may be thousands.
 */
export interface TemplatedDocumentSpec {
  readonly path: `/${string}`;
  readonly parameter: { readonly name: string; readonly description: string; readonly pattern: string };
  readonly schema: z.ZodType;
  readonly schemaName: string;
  readonly schemaFile: string;
  readonly operationId: string;
  readonly summary: string;
}

/** The templated documents: each gets its JSON Schema and one OpenAPI path with its parameter. */
export const TEMPLATED_DOCUMENTS: readonly TemplatedDocumentSpec[] = [
  {
    path: `${COMPONENT_HISTORY_PATH}/{slug}.json`,
    parameter: {
      name: 'slug',
      description: "The component's `slug` in `/api/v1/uptime`.",
      pattern: COMPONENT_SLUG_PATTERN.source,
    },
    schema: ComponentHistoryDocumentSchema,
    schemaName: 'ComponentHistory',
    schemaFile: 'component-history.json',
    operationId: 'getComponentHistory',
    summary: "Read one component's daily minutes per state and hourly latency",
  },
  {
    path: `${REPORTS_PATH}/{month}.json`,
    parameter: {
      name: 'month',
      description: 'A UTC month, `YYYY-MM`, listed in `/api/v1/reports/index.json`.',
      pattern: MONTH_PATTERN.source,
    },
    schema: MonthlyReportSchema,
    schemaName: 'MonthlyReport',
    schemaFile: 'monthly-report.json',
    operationId: 'getMonthlyReport',
    summary: "Read a month's report: uptime, minutes per state, latency percentiles, error budget and incidents",
  },
];
