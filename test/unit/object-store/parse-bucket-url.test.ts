import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import { MAX_PREFIX_BYTES, parseBucketUrl } from '../../../src/object-store/parse-bucket-url.js';

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
    ['a space in the prefix', 's3://bucket/a b', 'has a prefix with characters'],
    ['a glob in the prefix', 's3://bucket/a*', 'has a prefix with characters'],
    ['a dot-dot segment', 's3://bucket/a/../b', 'has a . or .. in its prefix'],
  ])('refuses %s, naming the flag', (_name, text, reason) => {
    expect(() => parseBucketUrl(text)).toThrow(InputError);
    expect(() => parseBucketUrl(text)).toThrow(`--publish: ${JSON.stringify(text)} ${reason}`);
  });

  it.each([
    [
      'a key and secret before the bucket',
      's3://AKIAXX:SUPERSECRETPW@bucket/x',
      '--publish: "s3://bucket/x" carries a user name or password: give credentials by the environment or a profile, never in the URL',
    ],
    [
      'a secret with a slash in it',
      's3://AKIAXX:SUPER/SECRET@bucket',
      '--publish: "s3://bucket" carries a user name or password: give credentials by the environment or a profile, never in the URL',
    ],
    [
      'a token in the query',
      's3://bucket/x?token=SUPERSECRETPW',
      '--publish: "s3://bucket/x" has a query or fragment: the URL is s3://BUCKET[/PREFIX] and nothing after it',
    ],
    [
      'a secret in the fragment of another scheme',
      'https://user:SUPERSECRETPW@host/#SUPERSECRETPW',
      '--publish: "https://host/" is not an s3://BUCKET[/PREFIX] URL',
    ],
  ])('refuses %s without repeating the secret', (_name, text, message) => {
    expect(() => parseBucketUrl(text)).toThrow(InputError);
    expect(() => parseBucketUrl(text)).toThrow(message);
    expect(() => parseBucketUrl(text)).not.toThrow(/SUPER|SECRET/);
  });

  it('quotes at most 100 characters of a long value, escaped', () => {
    const bucket = 'b'.repeat(5_000);
    expect(() => parseBucketUrl(`s3://${bucket}/x`)).toThrow(
      `--publish: "s3://${'b'.repeat(95)}… (4907 more characters)" does not name a bucket: 3 to 63 lower-case letters, digits, dots and hyphens`,
    );
    expect(() => parseBucketUrl('s3://bucket/\u001b[31m')).toThrow(
      '--publish: "s3://bucket/\\x1b[31m" has a prefix with characters',
    );
  });

  it('takes a prefix of up to 768 bytes and refuses a longer one, which would leave no room for keys under 1,024 bytes', () => {
    const longest = 'p'.repeat(MAX_PREFIX_BYTES - 1);
    expect(parseBucketUrl(`s3://bucket/${longest}`).prefix).toBe(`${longest}/`);
    expect(() => parseBucketUrl(`s3://bucket/${longest}p`)).toThrow(
      'has a prefix of 769 bytes; at most 768, so that every key stays within the 1024 bytes S3 allows',
    );
    expect(() => parseBucketUrl(`s3://bucket/${'p'.repeat(6_000)}`)).toThrow('has a prefix of 6001 bytes');
  });
});
