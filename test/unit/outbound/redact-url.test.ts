import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../src/outbound/redact-url.js';

describe('redactUrl', () => {
  it.each([
    ['a plain URL', 'http://127.0.0.1:4101/healthz', 'http://127.0.0.1:4101/healthz'],
    ['user and password', 'https://probe:s3cret@registry.example/v2/', 'https://registry.example/v2/'],
    ['a user alone', 'https://token@registry.example/v2/', 'https://registry.example/v2/'],
    ['a query string', 'https://api.example/healthz?token=abc&x=1', 'https://api.example/healthz'],
    ['a fragment', 'https://api.example/healthz#key=abc', 'https://api.example/healthz'],
    ['all of them', 'http://u:p@127.0.0.1:8080/a/b?k=v#f', 'http://127.0.0.1:8080/a/b'],
  ])('strips %s', (_name, url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('never repeats text it cannot parse', () => {
    expect(redactUrl('http://user:s3cret@[bad')).toBe('(unparseable URL)');
  });
});
