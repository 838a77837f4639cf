import { describe, expect, it } from 'vitest';
import { parsePush } from '../../../src/heartbeats/parse-push.js';

describe('parsePush', () => {
  it.each([
    ['POST', '/heartbeat/nightly-build', { slug: 'nightly-build', ok: true, message: null }],
    ['POST', '/heartbeat/nightly-build/', { slug: 'nightly-build', ok: true, message: null }],
    ['POST', '/heartbeat/nightly-build?status=ok', { slug: 'nightly-build', ok: true, message: null }],
    [
      'POST',
      '/heartbeat/nightly-build?status=fail&message=disk%20full',
      { slug: 'nightly-build', ok: false, message: 'disk full' },
    ],
    // Uptime Kuma's push monitors: GET with status=up|down and msg.
    ['GET', '/heartbeat/nightly-build?status=down&msg=OOM&ping=', { slug: 'nightly-build', ok: false, message: 'OOM' }],
    ['GET', '/heartbeat/nightly-build?status=up&msg=OK&ping=12', { slug: 'nightly-build', ok: true, message: null }],
    // Gatus's external endpoints: success=true|false and error.
    [
      'POST',
      '/heartbeat/nightly-build?success=false&error=exit%202&duration=10s',
      { slug: 'nightly-build', ok: false, message: 'exit 2' },
    ],
    ['POST', '/heartbeat/nightly-build?success=true', { slug: 'nightly-build', ok: true, message: null }],
    ['POST', '/heartbeat/nightly-build?status=fail', { slug: 'nightly-build', ok: false, message: null }],
  ])('%s %s is a push', (method, target, push) => {
    expect(parsePush(method, target)).toEqual({ kind: 'push', ...push });
  });

  it('cuts a message to 200 characters', () => {
    const parsed = parsePush('POST', `/heartbeat/x?status=fail&message=${'é'.repeat(300)}`);
    expect(parsed.kind === 'push' && parsed.message).toBe('é'.repeat(200));
  });

  it.each([
    ['PUT', '/heartbeat/x', 'bad-method'],
    ['DELETE', '/heartbeat/x', 'bad-method'],
    ['POST', '/metrics', 'not-found'],
    ['POST', '/heartbeats/x', 'not-found'],
  ])('%s %s is %s', (method, target, kind) => {
    expect(parsePush(method, target).kind).toBe(kind);
  });

  it.each([
    ['/heartbeat/x?status=maybe', 'status must be ok or fail (up or down)'],
    ['/heartbeat/x?success=yes', 'success must be true or false'],
  ])('refuses %s, saying why, and keeps the slug for the token check first', (target, reason) => {
    expect(parsePush('POST', target)).toEqual({ kind: 'bad-query', slug: 'x', reason });
  });
});
