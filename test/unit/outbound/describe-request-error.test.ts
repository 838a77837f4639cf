import { describe, expect, it } from 'vitest';
import { describeRequestError, describeUnexpectedStatus } from '../../../src/outbound/describe-request-error.js';

const withCode = (code: string) => Object.assign(new Error(`failed: http://user:s3cret@host/?token=x`), { code });

describe('describeRequestError', () => {
  it.each([
    ['ECONNREFUSED', 'refused'],
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['ECONNRESET', 'reset'],
    ['UND_ERR_SOCKET', 'reset'],
    ['UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'reset'],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
    ['EHOSTUNREACH', 'error (EHOSTUNREACH)'],
  ])('names %s as %s', (code, reason) => {
    expect(describeRequestError(withCode(code))).toBe(reason);
  });

  it('looks at the cause when the error itself has no code', () => {
    expect(describeRequestError(new Error('fetch failed', { cause: withCode('ECONNREFUSED') }))).toBe('refused');
  });

  it('falls back to the error class, never to the message', () => {
    const reason = describeRequestError(new TypeError('bad http://user:s3cret@host/?token=x'));
    expect(reason).toBe('error (TypeError)');
  });

  it('names an unexpected status with its number', () => {
    expect(describeUnexpectedStatus(503)).toBe('unexpected status 503');
  });
});
