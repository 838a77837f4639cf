import { describe, expect, it } from 'vitest';
import { HeadersConfigSchema } from '../../../src/headers/headers-config.js';
import { readDocument } from '../../../src/io/read-document.js';
import { listCdnHeaders } from '../../../src/object-store/list-cdn-headers.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';

const rules = (await readDocument(`${REPO_ROOT}headers.json`, HeadersConfigSchema)).headers;

describe('listCdnHeaders, with the shipped headers.json', () => {
  it('names each header the objects cannot carry with the paths that need it', () => {
    expect(listCdnHeaders(rules, ['api/v1/regions', 'api/v1/status', 'index.html'])).toEqual([
      'X-Content-Type-Options: nosniff on every object',
      'Access-Control-Allow-Origin: * on /api/v1/regions, /api/v1/status',
      expect.stringMatching(/^Content-Security-Policy: default-src 'none'; .* on \/index\.html$/),
    ]);
  });

  it('counts the paths beyond the first eight', () => {
    const files = Array.from({ length: 10 }, (_, index) => `api/v1/schemas/s${index}.json`);
    expect(listCdnHeaders(rules, [...files, 'index.html'])[1]).toMatch(/s7\.json and 2 more$/);
  });

  it('nothing to add: no lines', () => {
    expect(listCdnHeaders([], ['index.html'])).toEqual([]);
  });
});
