import mime from 'mime-types';
import { S3_HEADER_FLAGS } from '../exports/render-s3-upload.js';
import type { HeaderRule } from '../headers/headers-config.js';
import { type ResolvedHeader, resolveHeaders } from '../headers/resolve-headers.js';

/** What an object is stored with, and the headers a CDN must add because no object can carry them. */
export interface ObjectMetadata {
  /** The headers S3 stores on the object, keyed by lower-case name (`content-type`, `cache-control`, ...). */
  readonly stored: ReadonlyMap<string, string>;
  /** The rest (CORS, nosniff, CSP): for the CDN's response headers policy. */
  readonly forCdn: readonly ResolvedHeader[];
}

/**
 * The metadata of the object for `file` (a path under `public/`, no leading
 * slash): `headers.json` resolved exactly as the thin handler and the exports
 * resolve it, and, where no rule gives a Content-Type, the one serve-handler
 * sends from the file name (the same `mime-types` lookup), so that
 * `index.html` is served as HTML rather than S3's `binary/octet-stream`.
 */
export function resolveObjectMetadata(rules: readonly HeaderRule[], file: string): ObjectMetadata {
  const stored = new Map<string, string>();
  const forCdn: ResolvedHeader[] = [];
  for (const [name, header] of resolveHeaders(rules, `/${file}`)) {
    if (S3_HEADER_FLAGS.has(name)) stored.set(name, header.value);
    else forCdn.push(header);
  }
  if (!stored.has('content-type')) {
    const guessed = mime.contentType(file.slice(file.lastIndexOf('/') + 1));
    if (guessed !== false) stored.set('content-type', guessed);
  }
  return { stored, forCdn };
}
