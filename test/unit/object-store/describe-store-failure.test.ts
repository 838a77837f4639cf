import { describe, expect, it } from 'vitest';
import { describeStoreFailure } from '../../../src/object-store/describe-store-failure.js';

/** An error shaped as the SDK throws them: a name, and the HTTP metadata. */
function sdkError(name: string, message: string, httpStatusCode?: number): Error {
  const error = Object.assign(new Error(message), { $metadata: { httpStatusCode } });
  error.name = name;
  return error;
}

describe('describeStoreFailure', () => {
  it.each([
    [
      sdkError('NoSuchBucket', 'The specified bucket does not exist', 404),
      'NoSuchBucket, HTTP 404: the bucket does not exist',
    ],
    [
      sdkError('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', 403),
      'InvalidAccessKeyId, HTTP 403: the store does not know the access key (wrong credentials)',
    ],
    [sdkError('AccessDenied', 'Access Denied', 403), 'AccessDenied, HTTP 403: the credentials may not write there'],
    [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
      'Error ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9',
    ],
    [sdkError('Unknown', 'UnknownError', 500), 'Unknown, HTTP 500: no further detail'],
  ])('says why: %s', (error, expected) => {
    expect(describeStoreFailure(error, {})).toBe(expected);
  });

  it('takes the secret variables and URL credentials out of whatever the error says', () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    const error = new Error(
      `failed at http://key:${encodeURIComponent(secret)}@store.example/b?X-Amz-Signature=abc with ${secret} and tok-123456`,
    );
    const line = describeStoreFailure(error, { AWS_SECRET_ACCESS_KEY: secret, AWS_SESSION_TOKEN: 'tok-123456' });
    expect(line).not.toContain(secret);
    expect(line).not.toContain(encodeURIComponent(secret));
    expect(line).not.toContain('tok-123456');
    expect(line).not.toContain('X-Amz-Signature');
    expect(line).toBe('Error: failed at http://store.example/b with [redacted] and [redacted]');
  });

  it('keeps a long answer to one short line', () => {
    const line = describeStoreFailure(new Error(`bad\n${'x'.repeat(1000)}`), {});
    expect(line).not.toContain('\n');
    expect(line.length).toBeLessThanOrEqual(240);
  });
});
