import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HeadersConfigSchema } from '../../../src/headers/headers-config.js';
import { resolveHeaders } from '../../../src/headers/resolve-headers.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';

const shipped = HeadersConfigSchema.parse(JSON.parse(readFileSync(join(REPO_ROOT, 'headers.json'), 'utf8')));

function headerValues(path: string): Record<string, string> {
  return Object.fromEntries([...resolveHeaders(shipped.headers, path).values()].map(({ key, value }) => [key, value]));
}

describe('the shipped headers.json', () => {
  it('gives the regions document its contract headers', () => {
    expect(headerValues('/api/v1/regions')).toMatchObject({
      'Content-Type': 'application/json',
      'Cache-Control': 'public, max-age=300',
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  it('gives the status document its contract headers', () => {
    expect(headerValues('/api/v1/status')).toMatchObject({
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    });
  });
});

describe('the shipped headers.json for the documents beside the contract', () => {
  it.each(['/api/v1/uptime', '/api/v1/incidents', '/api/v1/notices'])(
    'gives %s JSON, a short shared cache, CORS and nosniff',
    (path) => {
      expect(headerValues(path)).toEqual({
        'X-Content-Type-Options': 'nosniff',
        'Access-Control-Allow-Origin': '*',
        'Content-Type': 'application/json',
        'Cache-Control': 'public, max-age=60',
      });
    },
  );

  it('gives the feed the Atom type with its charset and a short shared cache', () => {
    expect(headerValues('/feed.atom')).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': 'application/atom+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=60',
    });
  });
});

describe('resolveHeaders', () => {
  const rules = [
    { source: '**', headers: [{ key: 'cache-control', value: 'no-cache' }] },
    { source: '/api/v1/status', headers: [{ key: 'Cache-Control', value: 'no-store' }] },
    { source: '!**/*.css', headers: [{ key: 'X-Not-Css', value: 'yes' }] },
  ];

  it.each([
    ['a later rule wins, case-insensitively', '/api/v1/status', { 'Cache-Control': 'no-store', 'X-Not-Css': 'yes' }],
    ['a glob rule applies', '/index.html', { 'cache-control': 'no-cache', 'X-Not-Css': 'yes' }],
    ['a negated source excludes', '/site.css', { 'cache-control': 'no-cache' }],
    [
      'a source without a leading slash matches',
      '/api/v1/status/',
      { 'Cache-Control': 'no-store', 'X-Not-Css': 'yes' },
    ],
  ])('%s', (_name, path, expected) => {
    const resolved = Object.fromEntries(
      [...resolveHeaders(rules, path).values()].map(({ key, value }) => [key, value]),
    );
    expect(resolved).toEqual(expected);
  });
});

describe('HeadersConfigSchema', () => {
  const complete = shipped.headers;

  it('rejects a config that leaves the status path without Cache-Control', () => {
    const headers = complete.map((rule) =>
      rule.source === 'api/v1/status'
        ? { ...rule, headers: rule.headers.filter((h) => h.key !== 'Cache-Control') }
        : rule,
    );
    const result = HeadersConfigSchema.safeParse({ headers });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'no rule gives /api/v1/status a Cache-Control header',
    ]);
  });

  it('rejects a config whose rule for the regions path no longer matches it', () => {
    const headers = complete.map((rule) =>
      rule.source === 'api/v1/regions' ? { ...rule, source: 'api/v1/region' } : rule,
    );
    const messages = HeadersConfigSchema.safeParse({ headers }).error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      'no rule gives /api/v1/regions a Content-Type header',
      'no rule gives /api/v1/regions a Cache-Control header',
    ]);
  });

  it.each([
    ['empty', '', 'is empty'],
    ['white space', ' \t', 'is only white space'],
  ])('rejects a later rule that sets the status Cache-Control to %s, naming where', (_name, value, reason) => {
    const headers = [...complete, { source: 'api/v1/*', headers: [{ key: 'cache-control', value }] }];
    const issues = HeadersConfigSchema.safeParse({ headers }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [`headers.${complete.length}.headers.0.value`, `${reason}, which drops Cache-Control from /api/v1/regions`],
      [`headers.${complete.length}.headers.0.value`, `${reason}, which drops Cache-Control from /api/v1/status`],
      [`headers.${complete.length}.headers.0.value`, `${reason}, which drops Cache-Control from /api/v1/uptime`],
      [`headers.${complete.length}.headers.0.value`, `${reason}, which drops Cache-Control from /api/v1/incidents`],
      [`headers.${complete.length}.headers.0.value`, `${reason}, which drops Cache-Control from /api/v1/notices`],
      [`headers.${complete.length}.headers.0.value`, `${reason}, which drops Cache-Control from /api/v1/observations`],
      [`headers.${complete.length}.headers.0.value`, `${reason}, which drops Cache-Control from /api/v1/heartbeats`],
    ]);
  });

  it.each([
    ['api/v1/{uptime,incidents,notices}', ['/api/v1/uptime', '/api/v1/incidents', '/api/v1/notices']],
    ['api/v1/{observations,heartbeats}', ['/api/v1/observations', '/api/v1/heartbeats']],
    ['feed.atom', ['/feed.atom']],
  ])('requires Content-Type and Cache-Control for the documents that the %s rule covers', (source, paths) => {
    const headers = complete.filter((rule) => rule.source !== source);
    const messages = HeadersConfigSchema.safeParse({ headers }).error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      paths.flatMap((path) => [
        `no rule gives ${path} a Content-Type header`,
        `no rule gives ${path} a Cache-Control header`,
      ]),
    );
  });

  it('reports a missing Cache-Control even when another field has the wrong type', () => {
    const headers = complete.map((rule) =>
      rule.source === 'api/v1/status'
        ? { ...rule, headers: rule.headers.filter((h) => h.key !== 'Cache-Control') }
        : rule,
    );
    const messages = HeadersConfigSchema.safeParse({ $schema: 1, headers }).error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      'Invalid input: expected string, received number',
      'no rule gives /api/v1/status a Cache-Control header',
    ]);
  });

  it.each([
    ['a header name with a space', { source: '**', headers: [{ key: 'Bad Name', value: 'x' }] }],
    ['a value with a line break', { source: '**', headers: [{ key: 'X-Ok', value: 'a\r\nSet-Cookie: x' }] }],
    ['an empty source', { source: '', headers: [{ key: 'X-Ok', value: 'x' }] }],
    ['a rule with no headers', { source: '**', headers: [] }],
    ['an unknown field', { source: '**', headers: [{ key: 'X-Ok', value: 'x' }], destination: '/x' }],
  ])('rejects %s', (_name, rule) => {
    expect(HeadersConfigSchema.safeParse({ headers: [...complete, rule] }).success).toBe(false);
  });
});
