import type { IncomingMessage, ServerResponse } from 'node:http';
import { chooseAnswer, describeAnswer, readConditions } from './choose-answer.js';
import type { EncodedVariants } from './encoded-variants.js';
import { findHeader } from './find-header.js';
import { type ContentCoding, negotiateEncoding } from './negotiate-encoding.js';

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
 * Answers a GET or HEAD from memory with the encoding the client prefers,
 * as `chooseAnswer` decides: 304, 206 for one byte range of that encoding's
 * bytes, 416 for a range past the end, else 200. Node drops the body of a
 * HEAD response itself and keeps the Content-Length.
 */
export function sendVariant(request: IncomingMessage, response: ServerResponse, variants: EncodedVariants): void {
  const coding = chooseCoding(findHeader(request.rawHeaders, 'accept-encoding'), variants.available);
  const variant = variants[coding] ?? variants.identity;
  const answer = chooseAnswer(readConditions(request), variant.etag, variant.body.length);
  const { status, headers } = describeAnswer(answer, variant, variant.body.length);
  response.writeHead(status, headers);
  if (answer.kind === 'whole') response.end(variant.body);
  else if (answer.kind === 'part') response.end(variant.body.subarray(answer.start, answer.end + 1));
  else response.end();
}
