import { describe, expect, it } from 'vitest';
import { HeadersConfigSchema } from '../../../src/headers/headers-config.js';
import { readDocument } from '../../../src/io/read-document.js';
import { resolveObjectMetadata } from '../../../src/object-store/object-metadata.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';

const rules = (await readDocument(`${REPO_ROOT}headers.json`, HeadersConfigSchema)).headers;

describe('resolveObjectMetadata, with the shipped headers.json', () => {
  it.each([
    ['api/v1/status', 'application/json', 'no-store'],
    ['api/v1/regions', 'application/json', 'public, max-age=300'],
    ['feed.atom', 'application/atom+xml; charset=utf-8', 'public, max-age=60'],
    // No Content-Type rule: the type serve-handler sends for the name.
    ['index.html', 'text/html; charset=utf-8', 'no-cache'],
    ['status-page.css', 'text/css; charset=utf-8', 'no-cache'],
    ['favicon.svg', 'image/svg+xml', undefined],
  ])('%s is stored as %s with Cache-Control %s', (file, type, cacheControl) => {
    const { stored } = resolveObjectMetadata(rules, file);
    expect(stored.get('content-type')).toBe(type);
    expect(stored.get('cache-control')).toBe(cacheControl);
  });

  it('lists what no object can carry for the CDN: CORS and nosniff on a document', () => {
    expect(resolveObjectMetadata(rules, 'api/v1/status').forCdn).toEqual([
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Access-Control-Allow-Origin', value: '*' },
    ]);
  });

  it('a file with no rule and no known extension gets no type: the store says what it says', () => {
    expect(resolveObjectMetadata([], 'api/v1/unknown').stored.size).toBe(0);
  });

  it('keeps the header spelling-insensitive: a rule in lower case still sets the object metadata', () => {
    const { stored, forCdn } = resolveObjectMetadata(
      [
        {
          source: 'x',
          headers: [
            { key: 'cache-control', value: 'no-store' },
            { key: 'x-frame-options', value: 'DENY' },
          ],
        },
      ],
      'x',
    );
    expect(stored.get('cache-control')).toBe('no-store');
    expect(forCdn).toEqual([{ key: 'x-frame-options', value: 'DENY' }]);
  });
});
