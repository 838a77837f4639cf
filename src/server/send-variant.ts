import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EncodedVariants } from './encoded-variants.js';
import { ifNoneMatchHits } from './etag.js';
import { findHeader } from './find-header.js';
import { type ContentCoding, negotiateEncoding } from './negotiate-encoding.js';
import { parseRange } from './parse-range.js';

/** Past this many distinct `Accept-Encoding` values remembered, the memory starts again. */
const MAX_REMEMBERED_CHOICES = 256;
const choices = new Map<string, ContentCoding>();

/**
 * `negotiateEncoding`, remembered per header value and offer: clients send
 * a handful of distinct values (each browser its own), so a request is a
 * lookup rather than a parse. Bounded, since the header is the client's to choose.
 */
function chooseCoding(header: string | undefined, available: ReadonlySet<'br' | 'gzip'>): ContentCoding {
  if (header === undefined) return 'identity';
  const key = `${available.has('br') ? 'b' : '-'}${available.has('gzip') ? 'g' : '-'}${header}`;
  let coding = choices.get(key);
  if (coding === undefined) {
    coding = negotiateEncoding(header, available);
    if (choices.size >= MAX_REMEMBERED_CHOICES) choices.clear();
    choices.set(key, coding);
  }
  return coding;
}

/**
 * Answers a GET or HEAD from memory with the encoding the client prefers:
 * 304 when its `If-None-Match` holds that encoding's tag, 206 for one byte
 * range of that encoding's bytes (unless `If-Range` names another version),
 * 416 for a range past the end (with the headers of a 304: CORS,
 * `Cache-Control` and the rest of the path's own), else 200. Node drops the body of a HEAD
 * response itself and keeps the Content-Length.
 */
export function sendVariant(request: IncomingMessage, response: ServerResponse, variants: EncodedVariants): void {
  const coding = chooseCoding(findHeader(request.rawHeaders, 'accept-encoding'), variants.available);
  const variant = variants[coding] ?? variants.identity;
  if (ifNoneMatchHits(findHeader(request.rawHeaders, 'if-none-match'), variant.etag)) {
    response.writeHead(304, variant.notModifiedHeaders);
    response.end();
    return;
  }
  const rangeHeader = findHeader(request.rawHeaders, 'range');
  const ifRange = findHeader(request.rawHeaders, 'if-range');
  const range =
    request.method === 'GET' && (ifRange === undefined || ifRange.trim() === variant.etag)
      ? parseRange(rangeHeader, variant.body.length)
      : ({ kind: 'whole' } as const);
  if (range.kind === 'unsatisfiable') {
    // The headers of a 304 (the path's own, ETag, Vary), which describe no bytes: a 416 sends none.
    response.writeHead(416, {
      ...variant.notModifiedHeaders,
      'Content-Range': `bytes */${variant.body.length}`,
      'Content-Length': '0',
    });
    response.end();
    return;
  }
  if (range.kind === 'part') {
    response.writeHead(206, {
      ...variant.okHeaders,
      'Content-Range': `bytes ${range.start}-${range.end}/${variant.body.length}`,
      'Content-Length': String(range.end - range.start + 1),
    });
    response.end(variant.body.subarray(range.start, range.end + 1));
    return;
  }
  response.writeHead(200, variant.okHeaders);
  response.end(variant.body);
}
