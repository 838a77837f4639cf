import { describe, expect, it } from 'vitest';
import { encodePath, parseRequestTarget } from '../../../src/server/request-target.js';

describe('parseRequestTarget', () => {
  it.each([
    ['/', '/', false],
    ['/index.html?x=1', '/index.html', false],
    ['/api/v1/%73tatus', '/api/v1/status', false],
    ['/a//b', '/a/b', false],
    ['/docs/', '/docs/', false],
    ['/.env', '/.env', true],
    ['/.git/config', '/.git/config', true],
    ['/%2egit/config', '/.git/config', true],
    ['/a%2fb', '/a/b', false],
    ['http://example.test/api/v1/status?x', '/api/v1/status', false],
    ['HTTP://example.test', '/', false],
    ['http://example.test/.git/config', '/.git/config', true],
  ])('reads %s as %s', (url, path, hidden) => {
    expect(parseRequestTarget(url)).toEqual({ ok: true, path, hidden });
  });

  it.each([
    ['the asterisk form', '*'],
    ['an absolute-form target that escapes', 'http://example.test/../etc/passwd'],
    ['another scheme', 'file:///etc/passwd'],
    ['a parent segment', '/../etc/passwd'],
    ['an encoded parent segment', '/%2e%2e/etc/passwd'],
    ['a mixed-case encoded parent segment', '/%2E%2e/etc/passwd'],
    ['an encoded slash before a parent segment', '/api%2f..%2f..%2fetc/passwd'],
    ['an encoded backslash', '/..%5c..%5cetc/passwd'],
    ['a raw backslash', '/a\\b'],
    ['a NUL byte', '/index.html%00.txt'],
    ['malformed percent-encoding', '/%zz'],
    ['a truncated escape', '/%e2%82'],
    ['an overlong UTF-8 dot', '/%c0%ae%c0%ae/etc/passwd'],
    ['a current-directory segment', '/./index.html'],
  ])('rejects %s', (_name, url) => {
    expect(parseRequestTarget(url).ok).toBe(false);
  });

  it('decodes exactly once, so a double-encoded dot stays a literal name', () => {
    expect(parseRequestTarget('/%252e%252e/etc')).toEqual({ ok: true, path: '/%2e%2e/etc', hidden: false });
  });
});

describe('encodePath', () => {
  it('re-encodes each segment so that nothing is decoded into a separator downstream', () => {
    expect(encodePath('/a b/%2e%2e/c?d')).toBe('/a%20b/%252e%252e/c%3Fd');
  });
});
