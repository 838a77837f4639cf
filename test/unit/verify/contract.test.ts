import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveHeaders } from '../../../src/headers/resolve-headers.js';
import { HeadersConfigSchema } from '../../../src/schemas/headers-config.js';
import { CONTRACT, EXPECTED_ALLOW_ORIGIN } from '../../../src/verify/contract.js';
import { HEADERS_FILE } from '../../helpers/fixtures.js';

const RULES = HeadersConfigSchema.parse(JSON.parse(readFileSync(HEADERS_FILE, 'utf8'))).headers;

describe('the contract verify checks', () => {
  it.each(Object.values(CONTRACT))(
    'agrees with what headers.json gives $path',
    ({ path, contentType, cacheControl }) => {
      const resolved = resolveHeaders(RULES, path);
      expect(resolved.get('content-type')?.value).toBe(contentType);
      expect(resolved.get('cache-control')?.value).toBe(cacheControl);
      expect(resolved.get('access-control-allow-origin')?.value).toBe(EXPECTED_ALLOW_ORIGIN);
    },
  );
});
