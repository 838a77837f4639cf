import { describe, expect, it } from 'vitest';
import { wordFailureReason } from '../../../src/outbound/word-failure-reason.js';

describe('wordFailureReason', () => {
  it.each([
    ['no heartbeat since 2026-11-27T10:00:00Z (expected every 60 s, grace 30 s)', { kind: 'heartbeat_missed' }],
    [
      'no heartbeat since watching began at 2026-11-27T10:00:00Z (expected every 60 s, grace 30 s)',
      { kind: 'heartbeat_missed' },
    ],
    ['heartbeat failed: "make failed"', { kind: 'heartbeat_failed', said: 'make failed' }],
    ['heartbeat failed', { kind: 'heartbeat_failed', said: '' }],
    [
      'heartbeat failed: "a very long message cut sh…',
      { kind: 'heartbeat_failed', said: 'a very long message cut sh' },
    ],
    ['rcode NXDOMAIN, expected NOERROR', { kind: 'dns_rcode', rcode: 'NXDOMAIN' }],
    ['answer lacks "10.0.0.1": got "10.0.0.2"', { kind: 'dns_records' }],
    ['answer holds no A records', { kind: 'dns_records' }],
    ['health NOT_SERVING', { kind: 'grpc_health', answer: 'NOT_SERVING' }],
    ['health NOT_FOUND: the server does not know the server as a whole', { kind: 'grpc_health', answer: 'NOT_FOUND' }],
    ['upstream reports major_outage (indicator major)', { kind: 'upstream_reports', state: 'major_outage' }],
    ['upstream unreadable since 2026-11-27T10:00:00Z: timeout', { kind: 'upstream_unreadable' }],
    ['upstream page has no component "Pages"', { kind: 'upstream_unreadable' }],
  ])('reads %j as what failed', (reason, worded) => {
    expect(wordFailureReason(reason)).toEqual(worded);
  });

  it.each([
    'timeout',
    'refused',
    'unexpected status 503',
    'body at "/status" is "degraded", expected "ok"',
    'error (EPIPE)',
  ])('leaves %j to the words of its class', (reason) => {
    expect(wordFailureReason(reason)).toBeUndefined();
  });
});
