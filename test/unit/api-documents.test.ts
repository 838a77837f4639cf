import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOCUMENTS, DOCUMENT_PATHS, PUBLISHED_PATHS, TEMPLATED_DOCUMENTS } from '../../src/api-documents.js';
import { FEED_PATH } from '../../src/api-paths.js';
import { HeadersConfigSchema } from '../../src/headers/headers-config.js';
import { DOCUMENT_SCHEMAS, ERROR_BODY_SCHEMA } from '../../src/openapi/document-schemas.js';
import { buildOpenApi } from '../../src/openapi/render-openapi.js';
import { CONTRACT } from '../../src/verify/contract.js';
import { HEADERS_FILE } from '../helpers/fixtures.js';

const RULES = HeadersConfigSchema.parse(JSON.parse(readFileSync(HEADERS_FILE, 'utf8'))).headers;

/** A JSON object's own property, failing the test where there is none. */
function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) throw new Error(`no ${key}`);
  return (value as Record<string, unknown>)[key];
}

describe('the table of API documents', () => {
  it.each(['path', 'schemaName', 'schemaFile', 'operationId'] as const)(
    'has one row per %s: no two rows share one',
    (column) => {
      const values = API_DOCUMENTS.map((document) => document[column]);
      expect(new Set(values).size).toBe(API_DOCUMENTS.length);
    },
  );

  it('gives every document a schema of its own', () => {
    expect(new Set(API_DOCUMENTS.map((document) => document.schema)).size).toBe(API_DOCUMENTS.length);
  });

  it('lists the documents at fixed paths as its rows, in its order, and the feed after them', () => {
    const documents = [
      ...['regions', 'status', 'uptime', 'incidents', 'notices', 'observations', 'heartbeats'].map(
        (name) => `/api/v1/${name}`,
      ),
      ...[
        'summary.json',
        'status.json',
        'components.json',
        'incidents.json',
        'incidents/unresolved.json',
        'scheduled-maintenances.json',
        'scheduled-maintenances/upcoming.json',
        'scheduled-maintenances/active.json',
      ].map((name) => `/api/v2/${name}`),
    ];
    expect([...DOCUMENT_PATHS]).toEqual(documents);
    expect([...PUBLISHED_PATHS]).toEqual([...documents, FEED_PATH, '/status.md', '/llms.txt']);
    expect(FEED_PATH).toBe('/feed.atom');
  });

  it('publishes one JSON Schema per row, under the row’s name and file, then the error body', () => {
    expect(DOCUMENT_SCHEMAS).toEqual([
      ...[...API_DOCUMENTS, ...TEMPLATED_DOCUMENTS].map((document) => ({
        name: document.schemaName,
        file: document.schemaFile,
        schema: document.schema,
      })),
      ERROR_BODY_SCHEMA,
    ]);
  });

  it('describes exactly its rows in OpenAPI, each with the row’s operation id, summary and body', () => {
    const openApi = buildOpenApi(RULES);
    const paths = field(openApi, 'paths');
    const documents = [...API_DOCUMENTS, ...TEMPLATED_DOCUMENTS];
    expect(Object.keys(paths as object)).toEqual(documents.map((document) => document.path));
    for (const document of documents) {
      const get = field(field(paths, document.path), 'get');
      expect(field(get, 'operationId')).toBe(document.operationId);
      expect(field(get, 'summary')).toBe(document.summary);
      const ok = field(field(get, 'responses'), '200');
      const [media] = Object.values(field(ok, 'content') as object);
      expect(field(media, 'schema')).toEqual({ $ref: `#/components/schemas/${document.schemaName}` });
    }
    expect(Object.keys(field(field(openApi, 'components'), 'schemas') as object)).toEqual([
      ...documents.map((document) => document.schemaName),
      ERROR_BODY_SCHEMA.name,
    ]);
  });

  it('names the parameter of a templated path once, for every operation on it, with the pattern its schema checks', () => {
    const paths = field(buildOpenApi(RULES), 'paths');
    expect(field(field(paths, '/api/v1/component-history/{slug}.json'), 'parameters')).toEqual([
      {
        name: 'slug',
        in: 'path',
        required: true,
        description: "The component's `slug` in `/api/v1/uptime`.",
        schema: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
      },
    ]);
    expect(Object.hasOwn(field(paths, '/api/v1/uptime') as object, 'parameters')).toBe(false);
  });

  it('agrees with the contract verify restates on which documents a deployment must serve', () => {
    const contracts = Object.values(CONTRACT);
    for (const document of API_DOCUMENTS) {
      const contract = contracts.find((each) => each.path === document.path);
      expect(contract?.presence, document.path).toBe(document.requiredByVerify ? 'required' : 'optional');
    }
  });
});
