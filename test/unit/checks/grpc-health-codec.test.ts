import { describe, expect, it } from 'vitest';
import { describeGrpcError } from '../../../src/checks/check-grpc-health.js';
import { decodeHealthResponse, encodeHealthRequest } from '../../../src/checks/grpc-health-codec.js';
import { classifyFailure } from '../../../src/outbound/classify-failure.js';

describe('the health service messages', () => {
  it('encodes a request for the whole server as the empty message, and a service as field 1', () => {
    expect(encodeHealthRequest('')).toEqual(Buffer.alloc(0));
    expect(encodeHealthRequest('sched')).toEqual(Buffer.from([0x0a, 5, ...Buffer.from('sched')]));
    expect(encodeHealthRequest('s'.repeat(200)).subarray(0, 3)).toEqual(Buffer.from([0x0a, 0xc8, 0x01]));
  });

  it.each([
    [[0x08, 0x01], 1],
    [[0x08, 0x02], 2],
    [[], 0],
    // An unknown field before the status is skipped.
    [[0x12, 0x02, 0x61, 0x62, 0x08, 0x01], 1],
  ])('decodes %j as status %i', (bytes, status) => {
    expect(decodeHealthResponse(Uint8Array.from(bytes))).toBe(status);
  });

  it.each([
    [[0x08]],
    [[0x12, 0x05, 0x61]],
    [[0x0b]],
    // 4294967297 and 2^34: statuses past 32 bits.
    [[0x08, 0x81, 0x80, 0x80, 0x80, 0x10]],
    [[0x08, 0x80, 0x80, 0x80, 0x80, 0x40]],
  ])('refuses %j, which is no HealthCheckResponse', (bytes) => {
    expect(() => decodeHealthResponse(Uint8Array.from(bytes))).toThrow(/not a HealthCheckResponse/);
  });
});

describe('describeGrpcError', () => {
  it.each([
    [
      { code: 5, details: 'Health status unknown for service nope' },
      'nope',
      'health NOT_FOUND: the server does not know service "nope"',
      'status',
    ],
    [{ code: 12, details: 'not implemented' }, '', 'health UNIMPLEMENTED: the server has no health service', 'status'],
    [{ code: 4, details: 'Deadline exceeded' }, '', 'timeout', 'timeout'],
    [
      { code: 14, details: 'No connection established. Last error: Error: connect ECONNREFUSED 127.0.0.1:1.' },
      '',
      'refused',
      'refused',
    ],
    [{ code: 14, details: 'Last error: Error: unable to verify the first certificate.' }, '', 'tls', 'tls'],
    [
      {
        code: 14,
        details: "Last error: Error [ERR_TLS_CERT_ALTNAME_INVALID]: Hostname/IP does not match certificate's altnames",
      },
      '',
      'tls',
      'tls',
    ],
    [{ code: 14, details: 'Connection dropped' }, '', 'error (grpc UNAVAILABLE)', 'error'],
    // The server's own words are not grpc-js's about the connection: no class is taken from them.
    [
      { code: 14, details: 'backend says: connect ECONNREFUSED 10.0.0.1:5432' },
      '',
      'error (grpc UNAVAILABLE)',
      'error',
    ],
    [{ code: 14, details: 'TLS certificate of upstream expired' }, '', 'error (grpc UNAVAILABLE)', 'error'],
    // grpc-js's words for an OK status with no message, or several: not a health service missing.
    [
      { code: 12, details: 'No message received' },
      '',
      'health answer is not a HealthCheckResponse: no message',
      'status',
    ],
    [
      { code: 12, details: 'Too many responses received' },
      '',
      'health answer is not a HealthCheckResponse: several messages',
      'status',
    ],
    [{ code: 16, details: 'no credentials' }, '', 'error (grpc UNAUTHENTICATED)', 'error'],
  ])('%j is %s', (error, service, reason, failureClass) => {
    const described = describeGrpcError(error, service);
    expect(described).toBe(reason);
    expect(classifyFailure(described)).toBe(failureClass);
  });
});
