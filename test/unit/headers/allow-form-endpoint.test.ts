import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { allowFormEndpoint, openPolicy } from '../../../src/headers/allow-form-endpoint.js';
import { HeadersConfigSchema } from '../../../src/headers/headers-config.js';
import { resolveHeaders } from '../../../src/headers/resolve-headers.js';

const ORIGIN = 'https://status.example.com';

describe('openPolicy', () => {
  it.each([
    [
      'the shipped page policy: connect-src gains the origin, form-action has it instead of none',
      "default-src 'none'; script-src 'self'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'",
      `default-src 'none'; script-src 'self'; connect-src 'self' ${ORIGIN}; form-action ${ORIGIN}; frame-ancestors 'none'`,
    ],
    [
      'no connect-src: written out from default-src; no form-action: nothing to open',
      "default-src 'self'; img-src *",
      `default-src 'self'; img-src *; connect-src 'self' ${ORIGIN}`,
    ],
    ['a wildcard already allows it', 'connect-src *; form-action *', 'connect-src *; form-action *'],
    [
      'the origin already there: the policy keeps its exact spelling',
      `connect-src  'self' ${ORIGIN} ;form-action ${ORIGIN};`,
      `connect-src  'self' ${ORIGIN} ;form-action ${ORIGIN};`,
    ],
    ['no default-src, connect-src or form-action: nothing restricts the form', "img-src 'self'", "img-src 'self'"],
  ])('%s', (_name, policy, opened) => {
    expect(openPolicy(policy, ORIGIN)).toBe(opened);
  });
});

describe('allowFormEndpoint', () => {
  it('leaves the rules as they are without an endpoint', async () => {
    const { headers } = HeadersConfigSchema.parse(JSON.parse(await readFile('headers.json', 'utf8')));
    expect(allowFormEndpoint(headers, undefined)).toEqual(headers);
  });

  it('gives index.html, and no other file, the endpoint’s origin (never its path) in the shipped headers.json', async () => {
    const { headers } = HeadersConfigSchema.parse(JSON.parse(await readFile('headers.json', 'utf8')));
    const rules = allowFormEndpoint(headers, `${ORIGIN}/api/subscriptions`);
    expect(rules.slice(0, headers.length)).toEqual(headers);
    const page = resolveHeaders(rules, '/index.html').get('content-security-policy')?.value ?? '';
    expect(page).toMatch(new RegExp(`connect-src 'self' ${ORIGIN};`));
    expect(page).toMatch(new RegExp(`form-action ${ORIGIN};`));
    expect(page).not.toContain('/api/subscriptions');
    expect(resolveHeaders(rules, '/reports/index.html').get('content-security-policy')?.value).toContain(
      "form-action 'none'",
    );
  });

  it('adds nothing where the page has no policy', () => {
    const rules = [{ source: '**', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] }];
    expect(allowFormEndpoint(rules, `${ORIGIN}/api/subscriptions`)).toEqual(rules);
  });
});
