import {
  type DocumentPath,
  INCIDENTS_PATH,
  NOTICES_PATH,
  REGIONS_PATH,
  STATUS_PATH,
  UPTIME_PATH,
} from '../api-paths.js';
import { type ResolvedHeader, resolveHeaders } from '../headers/resolve-headers.js';
import type { HeaderRule } from '../schemas/headers-config.js';
import { ALLOW, UNPUBLISHED_RETRY_AFTER_S } from '../server/create-request-handler.js';
import { GENERATED_JSON_HEADERS } from '../server/json-error.js';
import { DOCUMENT_SCHEMAS, type DocumentSchema } from './document-schemas.js';
import { JSON_SCHEMA_DIALECT, type JsonSchema, toJsonSchema } from './to-json-schema.js';

type Json = Record<string, unknown>;

interface Operation {
  readonly path: DocumentPath;
  readonly id: string;
  readonly summary: string;
  readonly body: DocumentSchema;
}

const OPERATIONS: readonly Operation[] = [
  { path: REGIONS_PATH, id: 'listRegions', summary: 'List the regions', body: DOCUMENT_SCHEMAS.regionList },
  { path: STATUS_PATH, id: 'getStatus', summary: 'Read the service status', body: DOCUMENT_SCHEMAS.serviceStatus },
  { path: UPTIME_PATH, id: 'getUptime', summary: 'Read the uptime history', body: DOCUMENT_SCHEMAS.uptime },
  { path: INCIDENTS_PATH, id: 'listIncidents', summary: 'List the recent incidents', body: DOCUMENT_SCHEMAS.incidents },
  { path: NOTICES_PATH, id: 'listNotices', summary: 'List the notices', body: DOCUMENT_SCHEMAS.notices },
];

const ETAG_HEADER: Json = {
  description: 'Strong validator of the body; send it back in `If-None-Match` to get a 304.',
  required: true,
  schema: { type: 'string', pattern: '^"[^"]*"$' },
};

/**
 * The OpenAPI 3.1 document for both operations. Body schemas come from the zod
 * schemas; every response header value comes from the `headers.json` rules as
 * the server resolves them, so the document cannot disagree with the server.
 */
export function buildOpenApi(rules: readonly HeaderRule[]): Json {
  const paths: Json = {};
  for (const operation of OPERATIONS) {
    const headers = resolveHeaders(rules, operation.path);
    const mediaType = headers.get('content-type')?.value;
    if (mediaType === undefined) throw new Error(`headers.json gives ${operation.path} no Content-Type`);
    const ok = { ...describeHeaders(headers, ['content-type']), ETag: ETAG_HEADER };
    const notModified = { ...describeHeaders(headers, ['content-type', 'content-length']), ETag: ETAG_HEADER };
    const responses = (withBody: boolean): Json => ({
      '200': {
        description: `${operation.body.name} document.`,
        headers: ok,
        ...(withBody && { content: { [mediaType]: { schema: schemaRef(operation.body) } } }),
      },
      '304': {
        description: 'Not modified: the `If-None-Match` validator matches the current body.',
        headers: notModified,
      },
      '503': { $ref: '#/components/responses/NotPublished' },
    });
    paths[operation.path] = {
      description:
        'Read-only. Any method other than GET and HEAD is answered with 405 (`#/components/responses/MethodNotAllowed`).',
      get: {
        operationId: operation.id,
        summary: operation.summary,
        parameters: [{ $ref: '#/components/parameters/IfNoneMatch' }],
        responses: responses(true),
      },
      head: {
        operationId: `${operation.id}Head`,
        summary: `${operation.summary} (headers only)`,
        parameters: [{ $ref: '#/components/parameters/IfNoneMatch' }],
        responses: responses(false),
      },
    };
  }

  const errorHeaders = describeHeaders(toResolved(GENERATED_JSON_HEADERS), ['content-type']);
  const errorContent = { [GENERATED_JSON_HEADERS['Content-Type']]: { schema: schemaRef(DOCUMENT_SCHEMAS.error) } };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Service directory and status',
      version: 'v1',
      description:
        'The public, read-only interface of the service: the regions in which services may be scheduled, and the ' +
        'machine-readable status of the service and its components.',
    },
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.values(DOCUMENT_SCHEMAS).map((document) => [document.name, componentSchema(document)]),
      ),
      parameters: {
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'An ETag from an earlier response; a match answers 304 without a body.',
          schema: { type: 'string' },
        },
      },
      responses: {
        NotPublished: {
          description: 'The document has not been published yet (for the status: before the first probe cycle).',
          headers: {
            ...errorHeaders,
            'Retry-After': headerConst(String(UNPUBLISHED_RETRY_AFTER_S), 'Seconds to wait before asking again.'),
          },
          content: errorContent,
        },
        MethodNotAllowed: {
          description: 'Any method other than GET or HEAD.',
          headers: { ...errorHeaders, Allow: headerConst(ALLOW.Allow, 'The methods this path takes.') },
          content: errorContent,
        },
      },
    },
  };
}

/** The OpenAPI document as published: two-space JSON with a trailing newline. */
export function renderOpenApi(rules: readonly HeaderRule[]): string {
  return `${JSON.stringify(buildOpenApi(rules), null, 2)}\n`;
}

function schemaRef(document: DocumentSchema): Json {
  return { $ref: `#/components/schemas/${document.name}` };
}

function componentSchema(document: DocumentSchema): JsonSchema {
  // The document-wide `jsonSchemaDialect` already says which dialect this is.
  const { $schema: _dialect, ...schema } = toJsonSchema(document.schema);
  return schema;
}

/** OpenAPI header objects with exact values; `skip` lists lower-case names OpenAPI says to leave out. */
function describeHeaders(headers: ReadonlyMap<string, ResolvedHeader>, skip: readonly string[]): Json {
  const out: Json = {};
  for (const [name, { key, value }] of headers) {
    if (!skip.includes(name)) out[key] = headerConst(value);
  }
  return out;
}

function headerConst(value: string, description?: string): Json {
  return {
    ...(description !== undefined && { description }),
    required: true,
    schema: { type: 'string', const: value },
  };
}

function toResolved(headers: Readonly<Record<string, string>>): Map<string, ResolvedHeader> {
  return new Map(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), { key, value }]));
}
