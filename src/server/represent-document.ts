import type { z } from 'zod';
import { InputError } from '../errors/input-error.js';
import type { ResolvedHeader } from '../headers/resolve-headers.js';
import { parseDocument } from '../io/parse-document.js';
import { strongEtag } from './etag.js';

/** A document ready to send: body plus the header sets decided once per version. */
export interface Representation<T> {
  /** The validated document. */
  readonly value: T;
  readonly body: Buffer;
  readonly etag: string;
  /** Headers of a 200: `headers.json` values plus ETag and Content-Length. */
  readonly okHeaders: Readonly<Record<string, string>>;
  /** Headers of a 304: the same less the representation's Content-Type and Content-Length. */
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
}

/** A representation, or why these bytes cannot be one. */
export type RepresentResult<T> =
  | { readonly ok: true; readonly representation: Representation<T> }
  | { readonly ok: false; readonly problem: string };

// Fatal, so that bytes that are not UTF-8 are refused rather than served as JSON with U+FFFD
// in the value and the original bytes in the body. The BOM is kept, and then refused by JSON.parse.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decides whether `body`, the bytes of `file`, is a document that may be
 * served: strict UTF-8, JSON, valid against `schema`. If so, the body is
 * served byte for byte, with `headers` plus a strong ETag and its length.
 * Pure: the file is named only in the problem.
 */
export function representDocument<T>(
  file: string,
  body: Buffer,
  schema: z.ZodType<T>,
  headers: ReadonlyMap<string, ResolvedHeader>,
): RepresentResult<T> {
  let text: string;
  try {
    text = STRICT_UTF8.decode(body);
  } catch {
    return { ok: false, problem: `${file}: is not valid UTF-8` };
  }
  let value: T;
  try {
    value = parseDocument(file, text, schema);
  } catch (error) {
    return { ok: false, problem: error instanceof InputError ? error.message : `${file}: ${String(error)}` };
  }
  const etag = strongEtag(body);
  const okHeaders: Record<string, string> = {};
  const notModifiedHeaders: Record<string, string> = {};
  for (const [name, { key, value: headerValue }] of headers) {
    okHeaders[key] = headerValue;
    if (name !== 'content-type' && name !== 'content-length') notModifiedHeaders[key] = headerValue;
  }
  okHeaders.ETag = etag;
  okHeaders['Content-Length'] = String(body.length);
  notModifiedHeaders.ETag = etag;
  return { ok: true, representation: { value, body, etag, okHeaders, notModifiedHeaders } };
}
