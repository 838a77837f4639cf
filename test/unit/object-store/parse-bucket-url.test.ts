import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import { parseBucketUrl } from '../../../src/object-store/parse-bucket-url.js';

describe('parseBucketUrl', () => {
  it.each([
    ['a bucket alone', 's3://status-site', { bucket: 'status-site', prefix: '', url: 's3://status-site' }],
    ['a trailing slash', 's3://status-site/', { bucket: 'status-site', prefix: '', url: 's3://status-site' }],
    [
      'a prefix',
      's3://status-site/eu/status',
      { bucket: 'status-site', prefix: 'eu/status/', url: 's3://status-site/eu/status' },
    ],
    ['doubled slashes', 's3://b.example//a//', { bucket: 'b.example', prefix: 'a/', url: 's3://b.example/a' }],
  ])('reads %s', (_name, text, expected) => {
    expect(parseBucketUrl(text)).toEqual(expected);
  });

  it.each([
    ['another scheme', 'https://status-site/', 'is not an s3://BUCKET[/PREFIX] URL'],
    ['no bucket', 's3:///prefix', 'does not name a bucket'],
    ['upper case', 's3://Status-Site', 'does not name a bucket'],
    ['a short name', 's3://ab', 'does not name a bucket'],
    ['credentials', 's3://key:secret@bucket', 'does not name a bucket'],
    ['a space in the prefix', 's3://bucket/a b', 'has a prefix with characters'],
    ['a glob in the prefix', 's3://bucket/a*', 'has a prefix with characters'],
    ['a dot-dot segment', 's3://bucket/a/../b', 'has a . or .. in its prefix'],
  ])('refuses %s, naming the flag', (_name, text, reason) => {
    expect(() => parseBucketUrl(text)).toThrow(InputError);
    expect(() => parseBucketUrl(text)).toThrow(`--publish: ${JSON.stringify(text)} ${reason}`);
  });
});
