/** What a `Range` header asks of a body of known length. */
export type RangeRequest =
  /** No range, one that is not of bytes, or several ranges: the whole body is sent (RFC 9110 lets a server ignore Range). */
  | { readonly kind: 'whole' }
  /** One satisfiable range: bytes `start` to `end`, both inclusive. */
  | { readonly kind: 'part'; readonly start: number; readonly end: number }
  /** A range wholly past the end of the body: 416. */
  | { readonly kind: 'unsatisfiable' };

const BYTE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads a `Range` header (RFC 9110 §14.2) against a body of `size` bytes.
 * Only a single byte range is honoured (`a-b`, `a-`, `-n`); a list of ranges
 * gets the whole body rather than a multipart answer, which no client of a
 * JSON document needs. Pure.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'whole' };
  const match = BYTE_RANGE.exec(header.trim());
  if (match === null) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    if (size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}
