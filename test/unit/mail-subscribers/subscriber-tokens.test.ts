import { describe, expect, it } from 'vitest';
import { readToken, signToken } from '../../../src/mail-subscribers/subscriber-tokens.js';

const SECRET = 'a-secret-of-at-least-24-chars';
const claims = { purpose: 'confirm', subscriber: 'abc123', nonce: 'n0nce', expiresMs: 2_000_000_000_000 } as const;

describe('signed tokens', () => {
  it('read back the claims they were signed with', () => {
    expect(readToken(SECRET, signToken(SECRET, claims), 'confirm', 1_000)).toEqual({ ok: true, claims });
  });

  it.each([
    ['another secret', (token: string) => token, 'other-secret-of-24-characters!', 'confirm'],
    ['a changed subscriber', (token: string) => token.replace('abc123', 'abc124'), SECRET, 'confirm'],
    ['a cut signature', (token: string) => token.slice(0, -3), SECRET, 'confirm'],
    ['another purpose', (token: string) => token, SECRET, 'unsubscribe'],
    ['garbage', () => 'not.a.token', SECRET, 'confirm'],
  ] as const)('refuse %s as invalid', (_name, edit, secret, purpose) => {
    expect(readToken(secret, edit(signToken(SECRET, claims)), purpose, 1_000)).toEqual({ ok: false, why: 'invalid' });
  });

  it('expire at their time, and one without a time never does', () => {
    const token = signToken(SECRET, claims);
    expect(readToken(SECRET, token, 'confirm', claims.expiresMs)).toEqual({ ok: false, why: 'expired' });
    const forever = signToken(SECRET, { ...claims, purpose: 'manage', expiresMs: 0 });
    expect(readToken(SECRET, forever, 'manage', Number.MAX_SAFE_INTEGER).ok).toBe(true);
  });
});
