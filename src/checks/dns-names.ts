import { isIP } from 'node:net';

/** A DNS name as records and `expect_answer` compare: lower case, without the final dot. */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

/** An IPv6 address in its canonical (compressed, lower-case) form; anything else as written. */
export function normalizeAddress(address: string): string {
  return isIP(address) === 6 ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address;
}
