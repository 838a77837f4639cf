import { API_DOCUMENTS, TEMPLATED_DOCUMENTS, type TemplatedDocumentSpec } from '../api-documents.js';
import type { HeaderRule } from '../headers/headers-config.js';
import { type ResolvedHeader, resolveHeaders } from '../headers/resolve-headers.js';
import { ALLOW, UNPUBLISHED_RETRY_AFTER_S } from '../server/create-request-handler.js';
import { GENERATED_JSON_HEADERS } from '../server/json-error.js';
import { DOCUMENT_SCHEMAS, type DocumentSchema, ERROR_BODY_SCHEMA } from './document-schemas.js';
import { JSON_SCHEMA_DIALECT, type JsonSchema, toJsonSchema } from './to-json-schema.js';

type Json = Record<string, unknown>;

/** What a path of the OpenAPI document is described from: a row of either table of documents. */
interface DescribedDocument {
  readonly path: string;
  readonly schemaName: string;
  readonly operationId: string;
  readonly summary: string;
  readonly requiredByVerify: boolean;
}

/** Methods the server refuses with 405 on every API path (CONNECT is refused too, but OpenAPI has no field for it). */
const REFUSED_METHODS = ['put', 'post', 'delete', 'options', 'patch', 'trace'] as const;

/**
 * The origin the document is served from, then the local server: read from
 * disk, the document still names a base URL that works with `npm start`.
 */
const SERVERS: readonly Json[] = [
  { url: '/', description: 'The origin this document is served from.' },
  { url: 'http://127.0.0.1:3000', description: 'The local server of `npm start` and `npm run serve`.' },
];

const NOT_PUBLISHED = 'The document has not been published yet (for the status: before the first probe cycle).';
const CLIENT_ERROR =
  'The error body, from the server itself: 400 malformed request, 404 no such resource (or a document this ' +
  'deployment does not publish, or not yet), 408 request too slow, ' +
  '431 headers too large.';
const SERVER_ERROR = 'The error body for any other failure, e.g. 500.';

const ETAG_HEADER: Json = {
  description: 'Strong validator of the body; send it back in `If-None-Match` to get a 304.',
  required: true,
  schema: { type: 'string', pattern: '^"[^"]*"$' },
};

/**
 * The OpenAPI 3.1 document: the operations on every document in the table of
 * documents, in its order. Body schemas come from the zod
 * schemas; every response header value comes from the `headers.json` rules as
 * the server resolves them, so the document cannot disagree with the server.
 */
export function buildOpenApi(rules: readonly HeaderRule[]): Json {
  const paths: Json = {};
  const documents: readonly (DescribedDocument & { parameter?: TemplatedDocumentSpec['parameter'] })[] = [
    ...API_DOCUMENTS,
    ...TEMPLATED_DOCUMENTS.map((document) => ({ ...document, requiredByVerify: false })),
  ];
  for (const document of documents) {
    const headers = resolveHeaders(rules, document.path);
    const mediaType = headers.get('content-type')?.value;
    if (mediaType === undefined) throw new Error(`headers.json gives ${document.path} no Content-Type`);
    const ok = { ...describeHeaders(headers, ['content-type']), ETag: ETAG_HEADER };
    const notModified = { ...describeHeaders(headers, ['content-type', 'content-length']), ETag: ETAG_HEADER };
    const responses = (withBody: boolean): Json => ({
      '200': {
        description: `${document.schemaName} document.`,
        headers: ok,
        ...(withBody && { content: { [mediaType]: { schema: schemaRef(document.schemaName) } } }),
      },
      '304': {
        description: 'Not modified: the `If-None-Match` validator matches the current body.',
        headers: notModified,
      },
      // A document a deployment may leave out is answered 404 (within 4XX) while it has no file, never 503.
      ...(document.requiredByVerify && { '503': responseRef(withBody ? 'NotPublished' : 'NotPublishedHead') }),
      '4XX': responseRef(withBody ? 'ClientError' : 'ClientErrorHead'),
      default: responseRef(withBody ? 'ServerError' : 'ServerErrorHead'),
    });
    const pathItem: Json = {
      description: 'Read-only: GET and HEAD. Every other method is answered with 405 and `Allow: GET, HEAD`.',
      // A templated path names its parameter once, for every operation on it.
      ...(document.parameter !== undefined && {
        parameters: [
          {
            name: document.parameter.name,
            in: 'path',
            required: true,
            description: document.parameter.description,
            schema: { type: 'string', pattern: document.parameter.pattern },
          },
        ],
      }),
      get: {
        operationId: document.operationId,
        summary: document.summary,
        parameters: [{ $ref: '#/components/parameters/IfNoneMatch' }],
        responses: responses(true),
      },
      head: {
        operationId: `${document.operationId}Head`,
        summary: `${document.summary} (headers only)`,
        parameters: [{ $ref: '#/components/parameters/IfNoneMatch' }],
        responses: responses(false),
      },
    };
    // Described rather than left out, so that a client (or a response validator) finds the 405 it gets.
    for (const method of REFUSED_METHODS) {
      pathItem[method] = {
        operationId: `${document.operationId}${method[0]?.toUpperCase()}${method.slice(1)}`,
        summary: `Not allowed: ${method.toUpperCase()} is answered with 405`,
        responses: { '405': responseRef('MethodNotAllowed') },
      };
    }
    paths[document.path] = pathItem;
  }

  const errorHeaders = describeHeaders(toResolved(GENERATED_JSON_HEADERS), ['content-type']);
  const errorContent = { [GENERATED_JSON_HEADERS['Content-Type']]: { schema: schemaRef(ERROR_BODY_SCHEMA.name) } };
  const notPublishedHeaders = {
    ...errorHeaders,
    'Retry-After': headerConst(String(UNPUBLISHED_RETRY_AFTER_S), 'Seconds to wait before asking again.'),
  };
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
    servers: SERVERS,
    // Public and read-only: no operation takes credentials.
    security: [],
    paths,
    components: {
      schemas: Object.fromEntries(DOCUMENT_SCHEMAS.map((document) => [document.name, componentSchema(document)])),
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
          description: NOT_PUBLISHED,
          headers: notPublishedHeaders,
          content: errorContent,
        },
        // A HEAD answer carries the headers of the GET answer but never a body.
        NotPublishedHead: { description: NOT_PUBLISHED, headers: notPublishedHeaders },
        MethodNotAllowed: {
          description: 'Any method other than GET or HEAD.',
          headers: { ...errorHeaders, Allow: headerConst(ALLOW.Allow, 'The methods this path takes.') },
          content: errorContent,
        },
        ClientError: { description: CLIENT_ERROR, headers: errorHeaders, content: errorContent },
        ClientErrorHead: { description: CLIENT_ERROR, headers: errorHeaders },
        ServerError: { description: SERVER_ERROR, headers: errorHeaders, content: errorContent },
        ServerErrorHead: { description: SERVER_ERROR, headers: errorHeaders },
      },
    },
  };
}

/** The OpenAPI document as published: two-space JSON with a trailing newline. */
export function renderOpenApi(rules: readonly HeaderRule[]): string {
  return `${JSON.stringify(buildOpenApi(rules), null, 2)}\n`;
}

function responseRef(name: string): Json {
  return { $ref: `#/components/responses/${name}` };
}

function schemaRef(name: string): Json {
  return { $ref: `#/components/schemas/${name}` };
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
