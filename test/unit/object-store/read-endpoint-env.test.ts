import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import { readEndpointEnv } from '../../../src/object-store/read-endpoint-env.js';

const NOT_A_URL =
  'must be an absolute http or https URL, like https://ACCOUNT.r2.cloudflarestorage.com or http://minio:9000';

describe('readEndpointEnv', () => {
  it.each<[string, NodeJS.ProcessEnv, string | undefined]>([
    ['none set: AWS’s own endpoint', {}, undefined],
    ['the S3 variable', { AWS_ENDPOINT_URL_S3: 'http://minio:9000' }, 'http://minio:9000'],
    [
      'the general variable',
      { AWS_ENDPOINT_URL: 'https://acct.r2.cloudflarestorage.com' },
      'https://acct.r2.cloudflarestorage.com',
    ],
    [
      'the S3 variable over the general one, as the SDK reads them',
      { AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000', AWS_ENDPOINT_URL: 'not a url' },
      'http://127.0.0.1:9000',
    ],
    ['an empty S3 variable, as unset', { AWS_ENDPOINT_URL_S3: '', AWS_ENDPOINT_URL: 'http://x:1' }, 'http://x:1'],
    [
      'none while the SDK is told to ignore them',
      { AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: 'TRUE', AWS_ENDPOINT_URL_S3: 'not a url' },
      undefined,
    ],
  ])('reads %s', (_name, env, endpoint) => {
    expect(readEndpointEnv(env)).toBe(endpoint);
  });

  it.each<[string, NodeJS.ProcessEnv, string]>([
    ['text that is not a URL', { AWS_ENDPOINT_URL_S3: 'not a url' }, `AWS_ENDPOINT_URL_S3: ${NOT_A_URL}`],
    ['an ftp URL', { AWS_ENDPOINT_URL_S3: 'ftp://user:SECRET@127.0.0.1:21/' }, `AWS_ENDPOINT_URL_S3: ${NOT_A_URL}`],
    ['only white space', { AWS_ENDPOINT_URL: '  ' }, `AWS_ENDPOINT_URL: ${NOT_A_URL}`],
    [
      'port 0',
      { AWS_ENDPOINT_URL: 'http://127.0.0.1:0' },
      'AWS_ENDPOINT_URL: has port 0, which nothing listens on; a port is 1 to 65535',
    ],
  ])('refuses %s, naming the variable and never the value', (_name, env, message) => {
    expect(() => readEndpointEnv(env)).toThrow(InputError);
    expect(() => readEndpointEnv(env)).toThrow(`environment: ${message}`);
    expect(() => readEndpointEnv(env)).not.toThrow(/SECRET|not a url/);
  });
});
