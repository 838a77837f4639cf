import type { Verdict } from './verify-report.js';

/** What `verify` asks for, whatever the scheme: undici's fetch offers br only over https unless told. */
export const VERIFY_ACCEPT_ENCODING = 'br, gzip';

/**
 * Below this many bytes a body goes out as it is, compressing or not: the
 * thin handler sends a body compression would not shrink as it is, and
 * servers and CDNs keep a floor of their own (nginx's `gzip_min_length`).
 */
export const SMALL_BODY_BYTES = 256;

/** What the compression check expects of a response. */
export const COMPRESSION_EXPECTED = 'br or gzip, with Vary: Accept-Encoding';

/**
 * Whether a response to a client that accepts br and gzip came compressed,
 * and safely so. A compressed response without `Vary: Accept-Encoding` fails:
 * a shared cache may hand its bytes to a client that cannot decode them. An
 * uncompressed one is a `skip`: compression is no part of the contract, and
 * the report says the deployment does not offer it; a body under
 * `SMALL_BODY_BYTES` sent as it is passes. Pure.
 */
export function judgeCompression(
  contentEncoding: string | null,
  vary: string | null,
  bodyBytes: number,
): { readonly outcome: Verdict; readonly actual: string } {
  const coding = contentEncoding?.trim().toLowerCase() ?? '';
  if (coding === '' || coding === 'identity') {
    if (bodyBytes < SMALL_BODY_BYTES) {
      return { outcome: 'pass', actual: `not compressed: ${bodyBytes} bytes, too few to gain from it` };
    }
    return { outcome: 'skip', actual: 'not compressed: this deployment sends the bytes as they are' };
  }
  const varies = (vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .some((name) => name === 'accept-encoding' || name === '*');
  if (!varies) {
    return {
      outcome: 'fail',
      actual: `Content-Encoding: ${coding} without Vary: Accept-Encoding, so a shared cache may send it to a client that cannot read it`,
    };
  }
  return { outcome: coding === 'br' || coding === 'gzip' ? 'pass' : 'skip', actual: `Content-Encoding: ${coding}` };
}
