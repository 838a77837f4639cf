import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_PATHS, TEMPLATED_DOCUMENTS } from '../../../src/api-documents.js';
import { HeadersConfigSchema } from '../../../src/headers/headers-config.js';
import { resolveHeaders } from '../../../src/headers/resolve-headers.js';
import { CONTRACT, ENDPOINTS } from '../../../src/verify/contract.js';
import { HEADERS_FILE } from '../../helpers/fixtures.js';

const RULES = HeadersConfigSchema.parse(JSON.parse(readFileSync(HEADERS_FILE, 'utf8'))).headers;

describe('the contract verify checks', () => {
  it.each(Object.values(CONTRACT))(
    'agrees with what headers.json gives $path',
    ({ path, contentType, cacheControl, allowOrigin }) => {
      const resolved = resolveHeaders(RULES, path);
      expect(resolved.get('content-type')?.value).toBe(contentType);
      expect(resolved.get('cache-control')?.value).toBe(cacheControl);
      expect(resolved.get('access-control-allow-origin')?.value ?? null).toBe(allowOrigin);
    },
  );

  it('checks every published document, and only the two contract documents are required', () => {
    // The detail documents sit right after the summary that names them; the feeds of one component and one group last.
    const [regions, status, uptime, ...rest] = PUBLISHED_PATHS;
    expect(ENDPOINTS.map((endpoint) => CONTRACT[endpoint].path)).toEqual([
      regions,
      status,
      uptime,
      ...TEMPLATED_DOCUMENTS.map((document) => document.path),
      ...rest,
      '/feeds/components/{slug}.atom',
      '/feeds/groups/{slug}.atom',
    ]);
    expect(ENDPOINTS.filter((endpoint) => CONTRACT[endpoint].presence === 'required')).toEqual(['regions', 'status']);
  });
});
