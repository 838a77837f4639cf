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

/**
 * A strong ETag for one version of a file streamed from disk, from its
 * identity (device, inode, size, mtime, ctime) rather than its bytes, as
 * nginx's and Apache's are: the bytes are sent as they are read, not first
 * read whole to be hashed. Any write moves the identity, and with it the tag.
 */
export function versionEtag(identity: string): string {
  return `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`;
}
