import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token lets its bearer do: confirm a sign-up, manage a subscription, leave it, or name a bounced mail. */
export const TOKEN_PURPOSES = { confirm: 'c', manage: 'm', unsubscribe: 'u', bounce: 'b' } as const;
export type TokenPurpose = keyof typeof TOKEN_PURPOSES;

/** A confirmation link is good for a day. */
export const CONFIRM_TOKEN_TTL_MS = 24 * 3_600_000;

export interface TokenClaims {
  readonly purpose: TokenPurpose;
  /** The subscriber's id (never the address). */
  readonly subscriber: string;
  /** The sign-up's nonce (a later sign-up voids it) or the subscriber's key; compared with the store's. */
  readonly nonce: string;
  /** When it stops being good, in ms since the epoch; 0 for never. */
  readonly expiresMs: number;
}

export type TokenReading =
  | { readonly ok: true; readonly claims: TokenClaims }
  | { readonly ok: false; readonly why: 'invalid' | 'expired' };

const FIELD = /^[a-z0-9]{1,64}$/;
const PURPOSE_OF = new Map<string, TokenPurpose>(
  Object.entries(TOKEN_PURPOSES).map(([purpose, code]) => [code, purpose as TokenPurpose]),
);

function signatureOf(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`service-directory subscribers\n${body}`).digest();
}

/**
 * `c.ID.NONCE.EXPIRY.SIGNATURE`: the claims in the clear (nothing in them is
 * personal) and an HMAC-SHA256 of them under the secret, base64url. URL-safe
 * as it is.
 */
export function signToken(secret: string, claims: TokenClaims): string {
  const expiry = Math.ceil(claims.expiresMs / 1000).toString(36);
  const body = `${TOKEN_PURPOSES[claims.purpose]}.${claims.subscriber}.${claims.nonce}.${expiry}`;
  return `${body}.${signatureOf(secret, body).toString('base64url')}`;
}

/**
 * The claims of a token signed with `secret`, checked in constant time: `invalid`
 * for anything not signed so (or not of `purpose`), `expired` past its time. Pure but for the HMAC.
 */
export function readToken(secret: string, token: string, purpose: TokenPurpose, nowMs: number): TokenReading {
  if (token.length > 300) return { ok: false, why: 'invalid' };
  const parts = token.split('.');
  if (parts.length !== 5) return { ok: false, why: 'invalid' };
  const [code = '', subscriber = '', nonce = '', expiry = '', signature = ''] = parts;
  const body = `${code}.${subscriber}.${nonce}.${expiry}`;
  const expected = signatureOf(secret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, why: 'invalid' };
  if (
    PURPOSE_OF.get(code) !== purpose ||
    !FIELD.test(subscriber) ||
    !FIELD.test(nonce) ||
    !/^[a-z0-9]+$/.test(expiry)
  ) {
    return { ok: false, why: 'invalid' };
  }
  const expiresMs = Number.parseInt(expiry, 36) * 1000;
  if (expiresMs !== 0 && nowMs >= expiresMs) return { ok: false, why: 'expired' };
  return { ok: true, claims: { purpose, subscriber, nonce, expiresMs } };
}
