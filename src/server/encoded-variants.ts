import type { CompressedForms } from '../compression/compress-body.js';

/** One encoding of a representation, with the header sets decided once for it. */
export interface Variant {
  readonly body: Buffer;
  readonly etag: string;
  /** Headers of a 200. */
  readonly okHeaders: Readonly<Record<string, string>>;
  /** Headers of a 304: no Content-Type, Content-Length or Content-Encoding. */
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
}

/** Every encoding of one version of a document or file: identity always, the compressed ones where they are smaller. */
export interface EncodedVariants {
  readonly identity: Variant;
  readonly br?: Variant;
  readonly gzip?: Variant;
  /** The compressed codings on offer, for negotiation. */
  readonly available: ReadonlySet<'br' | 'gzip'>;
}

/** What is compressed once and then served from memory: the bytes and the headers `headers.json` gives them. */
export interface IdentityForm {
  readonly body: Buffer;
  readonly etag: string;
  readonly okHeaders: Readonly<Record<string, string>>;
}

/** Header names whose value describes the bytes, which a 304 leaves out (RFC 9110 §15.4.5). */
const BYTE_HEADERS = new Set(['content-type', 'content-length', 'content-encoding']);

/** The header sets of one encoding of a representation: a 200's, and a 304's (which describes no bytes). */
export interface VariantHeaders {
  readonly okHeaders: Readonly<Record<string, string>>;
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
}

/**
 * The headers of one encoding of a representation of `length` bytes: the
 * path's own (`headers`, less any ETag and length given there), then
 * `Content-Encoding` for a compressed `coding`, `Vary: Accept-Encoding` when
 * `varies` (merged into any Vary the path has), `Accept-Ranges: bytes`, its
 * ETag and its length. The 304's set leaves out what describes the bytes. Pure.
 */
export function buildVariantHeaders(
  headers: Readonly<Record<string, string>>,
  etag: string,
  length: number,
  coding: 'br' | 'gzip' | undefined,
  varies: boolean,
): VariantHeaders {
  const okHeaders: Record<string, string> = {};
  const notModifiedHeaders: Record<string, string> = {};
  let varyValue: string | undefined;
  for (const [key, value] of Object.entries(headers)) {
    const name = key.toLowerCase();
    if (name === 'etag' || name === 'content-length') continue;
    if (name === 'vary') {
      varyValue = value;
      continue;
    }
    okHeaders[key] = value;
    if (!BYTE_HEADERS.has(name)) notModifiedHeaders[key] = value;
  }
  if (coding !== undefined) okHeaders['Content-Encoding'] = coding;
  const varyHeader = varies ? mergeVary(varyValue) : varyValue;
  if (varyHeader !== undefined) {
    okHeaders.Vary = varyHeader;
    notModifiedHeaders.Vary = varyHeader;
  }
  okHeaders['Accept-Ranges'] = 'bytes';
  okHeaders.ETag = etag;
  notModifiedHeaders.ETag = etag;
  okHeaders['Content-Length'] = String(length);
  return { okHeaders, notModifiedHeaders };
}

/**
 * The variants of one version: the identity form as given, plus a Brotli and
 * a gzip form where `forms` has them. Each encoding gets its own strong ETag
 * (the identity tag with the coding appended inside the quotes: the bytes
 * differ, so a cache must not take one for the other), its own length, and
 * `Vary: Accept-Encoding`, which the identity form carries too once a
 * compressed one exists, so that a shared cache keeps them apart. Every form
 * says `Accept-Ranges: bytes`. Pure.
 */
export function encodeVariants(identity: IdentityForm, forms: CompressedForms): EncodedVariants {
  const compressed = (['br', 'gzip'] as const).filter((coding) => forms[coding] !== undefined);
  const vary = compressed.length > 0;
  const make = (body: Buffer, etag: string, coding: 'br' | 'gzip' | undefined): Variant => ({
    body,
    etag,
    ...buildVariantHeaders(identity.okHeaders, etag, body.length, coding, vary),
  });
  const tagged = (coding: 'br' | 'gzip') => `${identity.etag.slice(0, -1)}-${coding}"`;
  return {
    identity: make(identity.body, identity.etag, undefined),
    ...(forms.br === undefined ? {} : { br: make(forms.br, tagged('br'), 'br') }),
    ...(forms.gzip === undefined ? {} : { gzip: make(forms.gzip, tagged('gzip'), 'gzip') }),
    available: new Set(compressed),
  };
}

function mergeVary(existing: string | undefined): string {
  if (existing === undefined || existing.trim() === '') return 'Accept-Encoding';
  const names = existing.split(',').map((name) => name.trim().toLowerCase());
  return names.includes('accept-encoding') || names.includes('*') ? existing : `${existing}, Accept-Encoding`;
}
