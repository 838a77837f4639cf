import { createHmac, timingSafeEqual } from 'node:crypto';

const signatureOf = (secret: string, id: string) =>
  createHmac('sha256', secret).update(`service-directory bounce\n${id}`).digest('hex').slice(0, 16);

/** The domain of `from` (`Name <a@b>` or `a@b`). */
export function domainOf(from: string): string {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim();
}

/**
 * The envelope sender of a subscriber's mails (VERP): `bounces+ID.SIG@domain`,
 * the id signed so that a bounce cannot be forged for another subscriber.
 * Lower-case hex throughout, which relays that fold case keep. Under 64
 * characters before the `@`, as RFC 5321 wants.
 */
export function verpAddress(secret: string, subscriberId: string, domain: string): string {
  return `bounces+${subscriberId}.${signatureOf(secret, subscriberId)}@${domain}`;
}

/** The subscriber id a VERP address names, if its signature holds. */
export function readVerpAddress(secret: string, address: string): string | undefined {
  const match = /^bounces\+([0-9a-f]{1,64})\.([0-9a-f]{16})@/i.exec(address.trim().replace(/^<|>$/g, ''));
  if (match === null) return undefined;
  const id = (match[1] ?? '').toLowerCase();
  const given = Buffer.from((match[2] ?? '').toLowerCase());
  const expected = Buffer.from(signatureOf(secret, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}
