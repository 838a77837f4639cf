import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_PATHS } from '../../../src/api-documents.js';
import { INCIDENTS_PATH, NOTICES_PATH, REGIONS_PATH, STATUS_PATH, UPTIME_PATH } from '../../../src/api-paths.js';
import { HeadersConfigSchema } from '../../../src/headers/headers-config.js';
import { resolveHeaders } from '../../../src/headers/resolve-headers.js';
import { buildOpenApi, renderOpenApi } from '../../../src/openapi/render-openapi.js';
import { HEADERS_FILE } from '../../helpers/fixtures.js';

const RULES = HeadersConfigSchema.parse(JSON.parse(readFileSync(HEADERS_FILE, 'utf8'))).headers;

/** Walks a JSON value by keys, failing the test on a missing step. */
function at(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null || !(key in current)) {
      throw new Error(`no ${keys.join('.')} (stopped at ${key})`);
    }
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

describe('renderOpenApi', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(renderOpenApi(RULES)));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('fails validation when a referenced schema is missing, so the check above can fail', async () => {
    const document = buildOpenApi(RULES);
    delete (at(document, 'components', 'schemas') as Record<string, unknown>).RegionList;
    const result = await new Validator().validate(document);
    expect(result.valid).toBe(false);
  });

  it.each(DOCUMENT_PATHS)('gives %s the Content-Type and Cache-Control that headers.json resolves to', (path) => {
    const document = buildOpenApi(RULES);
    const resolved = resolveHeaders(RULES, path);
    for (const method of ['get', 'head']) {
      const ok = at(document, 'paths', path, method, 'responses', '200');
      expect(at(ok, 'headers', 'Cache-Control', 'schema', 'const')).toBe(resolved.get('cache-control')?.value);
      const notModified = at(document, 'paths', path, method, 'responses', '304');
      expect(at(notModified, 'headers', 'Cache-Control', 'schema', 'const')).toBe(resolved.get('cache-control')?.value);
    }
    const content = at(document, 'paths', path, 'get', 'responses', '200', 'content') as object;
    expect(Object.keys(content)).toEqual([resolved.get('content-type')?.value]);
  });

  it('documents the exact spec values for both operations', () => {
    const document = buildOpenApi(RULES);
    const cacheControl = (path: string) =>
      at(document, 'paths', path, 'get', 'responses', '200', 'headers', 'Cache-Control', 'schema', 'const');
    expect(cacheControl(REGIONS_PATH)).toBe('public, max-age=300');
    expect(cacheControl(STATUS_PATH)).toBe('no-store');
    expect(Object.keys(at(document, 'paths', STATUS_PATH, 'get', 'responses', '200', 'content') as object)).toEqual([
      'application/json',
    ]);
  });

  it.each([
    [UPTIME_PATH, 'Uptime'],
    [INCIDENTS_PATH, 'Incidents'],
    [NOTICES_PATH, 'Notices'],
  ])(
    'documents %s like the status but with no 503: GET and HEAD, 200 with the %s schema, 304, and 404 in 4XX',
    (path, schemaName) => {
      const document = buildOpenApi(RULES);
      for (const method of ['get', 'head']) {
        const responses = at(document, 'paths', path, method, 'responses') as object;
        expect(Object.keys(responses)).toEqual(
          Object.keys(at(document, 'paths', STATUS_PATH, method, 'responses') as object).filter(
            (code) => code !== '503',
          ),
        );
        expect(at(responses, '200', 'headers', 'Cache-Control', 'schema', 'const')).toBe('public, max-age=60');
        expect(at(responses, '200', 'headers', 'Access-Control-Allow-Origin', 'schema', 'const')).toBe('*');
        expect(at(responses, '304', 'headers', 'ETag', 'required')).toBe(true);
      }
      expect(at(document, 'paths', path, 'get', 'responses', '200', 'content', 'application/json', 'schema')).toEqual({
        $ref: `#/components/schemas/${schemaName}`,
      });
      expect(at(document, 'components', 'schemas', schemaName, 'type')).toBe('object');
    },
  );

  it('follows a changed headers.json rather than restating the values', () => {
    const rules = [...RULES, { source: 'api/v1/regions', headers: [{ key: 'Cache-Control', value: 'max-age=60' }] }];
    const document = buildOpenApi(rules);
    expect(
      at(document, 'paths', REGIONS_PATH, 'get', 'responses', '200', 'headers', 'Cache-Control', 'schema', 'const'),
    ).toBe('max-age=60');
  });

  it('documents 503 before publication of the contract documents and 405 with Allow, both with the error body', () => {
    const document = buildOpenApi(RULES);
    for (const path of [REGIONS_PATH, STATUS_PATH]) {
      expect(at(document, 'paths', path, 'get', 'responses', '503')).toEqual({
        $ref: '#/components/responses/NotPublished',
      });
    }
    const responses = at(document, 'components', 'responses');
    expect(at(responses, 'MethodNotAllowed', 'headers', 'Allow', 'schema', 'const')).toBe('GET, HEAD');
    expect(at(responses, 'NotPublished', 'headers', 'Cache-Control', 'schema', 'const')).toBe('no-store');
    expect(at(responses, 'NotPublished', 'headers', 'Retry-After', 'schema', 'const')).toBe('5');
    for (const name of ['MethodNotAllowed', 'NotPublished']) {
      expect(at(responses, name, 'content', 'application/json', 'schema')).toEqual({
        $ref: '#/components/schemas/ErrorBody',
      });
    }
  });

  it('names a base URL and states that no operation takes credentials', () => {
    const document = buildOpenApi(RULES);
    expect(document.security).toEqual([]);
    expect(at(document, 'servers')).toContainEqual(expect.objectContaining({ url: 'http://127.0.0.1:3000' }));
  });

  it.each(DOCUMENT_PATHS)(
    'describes the error answers of %s: 4XX and default with the error body, 405 for other methods',
    (path) => {
      const document = buildOpenApi(RULES);
      const responses = at(document, 'paths', path, 'get', 'responses');
      expect(at(responses, '4XX')).toEqual({ $ref: '#/components/responses/ClientError' });
      expect(at(responses, 'default')).toEqual({ $ref: '#/components/responses/ServerError' });
      for (const method of ['put', 'post', 'delete', 'options', 'patch', 'trace']) {
        expect(at(document, 'paths', path, method, 'responses', '405')).toEqual({
          $ref: '#/components/responses/MethodNotAllowed',
        });
      }
    },
  );

  it('gives no HEAD response a body', () => {
    const document = buildOpenApi(RULES);
    const responses = at(document, 'components', 'responses') as Record<string, Record<string, unknown>>;
    for (const path of DOCUMENT_PATHS) {
      for (const response of Object.values(at(document, 'paths', path, 'head', 'responses') as object)) {
        const ref = (response as { $ref?: string }).$ref;
        const resolved = ref === undefined ? response : responses[ref.split('/').at(-1) ?? ''];
        expect(resolved).toBeDefined();
        expect(resolved).not.toHaveProperty('content');
      }
    }
  });

  it('renders the same bytes every time', () => {
    expect(renderOpenApi(RULES)).toBe(renderOpenApi(RULES));
  });
});
