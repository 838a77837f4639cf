import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { allowFormEndpoint } from '../../../src/headers/allow-form-endpoint.js';
import { addStyleSource, allowInlineStyle } from '../../../src/headers/allow-inline-style.js';
import { HeadersConfigSchema } from '../../../src/headers/headers-config.js';
import { styleSourceHash } from '../../../src/headers/page-inline-style.js';
import { resolveHeaders } from '../../../src/headers/resolve-headers.js';

const HASH = styleSourceHash('body { margin: 0 }\n');

async function shippedRules() {
  return HeadersConfigSchema.parse(JSON.parse(await readFile('headers.json', 'utf8'))).headers;
}

describe('styleSourceHash', () => {
  it("is CSP's sha256 source of the text's UTF-8 bytes, base64", () => {
    // sha256 of the empty string, as every CSP reference gives it.
    expect(styleSourceHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(styleSourceHash('a { content: "é" }')).not.toBe(styleSourceHash('a { content: "e" }'));
  });
});

describe('addStyleSource', () => {
  it.each([
    [
      'the shipped page policy: style-src gains the hash beside self',
      "default-src 'none'; style-src 'self'; img-src 'self'",
      `default-src 'none'; style-src 'self' ${HASH}; img-src 'self'`,
    ],
    ["style-src 'none': the hash instead", "style-src 'none'", `style-src ${HASH}`],
    [
      'no style-src: written out from default-src',
      "default-src 'self'",
      `default-src 'self'; style-src 'self' ${HASH}`,
    ],
    ['the hash already there: as it was', `style-src 'self' ${HASH}`, `style-src 'self' ${HASH}`],
    [
      "'unsafe-inline' (which a hash would turn off): as it was",
      "style-src 'unsafe-inline'",
      "style-src 'unsafe-inline'",
    ],
    ['nothing restricts styles: as it was', "img-src 'self'", "img-src 'self'"],
  ])('%s', (_name, policy, opened) => {
    expect(addStyleSource(policy, HASH)).toBe(opened);
  });
});

describe('allowInlineStyle', () => {
  it('leaves the rules as they are without a hash', async () => {
    const headers = await shippedRules();
    expect(allowInlineStyle(headers, undefined)).toEqual(headers);
  });

  it('gives index.html, and no other page, the hash in style-src of the shipped headers.json, and no unsafe-inline', async () => {
    const headers = await shippedRules();
    const rules = allowInlineStyle(headers, HASH);
    expect(rules.slice(0, headers.length)).toEqual(headers);
    const page = resolveHeaders(rules, '/index.html').get('content-security-policy')?.value ?? '';
    expect(page).toContain(`style-src 'self' ${HASH};`);
    expect(page).not.toContain('unsafe-inline');
    expect(resolveHeaders(rules, '/reports/index.html').get('content-security-policy')?.value).toContain(
      "style-src 'self';",
    );
  });

  it("keeps the form endpoint's origin when applied after allowFormEndpoint", async () => {
    const origin = 'https://status.example.com';
    const rules = allowInlineStyle(allowFormEndpoint(await shippedRules(), `${origin}/api/subscriptions`), HASH);
    const page = resolveHeaders(rules, '/index.html').get('content-security-policy')?.value ?? '';
    expect(page).toContain(`style-src 'self' ${HASH};`);
    expect(page).toContain(`connect-src 'self' ${origin};`);
    expect(page).toContain(`form-action ${origin};`);
  });

  it('adds nothing where the page has no policy', () => {
    const rules = [{ source: '**', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] }];
    expect(allowInlineStyle(rules, HASH)).toEqual(rules);
  });
});
