import { createHash } from 'node:crypto';

/** A strong ETag for exact bytes. */
export function strongEtag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Whether an `If-None-Match` header matches `etag`, with the weak comparison
 * RFC 9110 asks for (`W/"x"` matches `"x"`), lists and `*`.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}
