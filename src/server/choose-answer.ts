import type { IncomingMessage } from 'node:http';
import type { VariantHeaders } from './encoded-variants.js';
import { ifNoneMatchHits } from './etag.js';
import { findHeader } from './find-header.js';
import { parseRange } from './parse-range.js';

/** What a request says about the answer it wants: its method and its conditional and range headers. */
export interface AnswerConditions {
  readonly method: string | undefined;
  readonly ifNoneMatch: string | undefined;
  readonly range: string | undefined;
  readonly ifRange: string | undefined;
}

/** How a GET or HEAD of one representation is answered, whatever holds its bytes. */
export type Answer =
  | { readonly kind: 'not-modified' }
  | { readonly kind: 'whole' }
  /** Bytes `start` to `end` of the representation, both inclusive. */
  | { readonly kind: 'part'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

/** The headers `chooseAnswer` reads, taken from a request once. */
export function readConditions(request: IncomingMessage): AnswerConditions {
  return {
    method: request.method,
    ifNoneMatch: findHeader(request.rawHeaders, 'if-none-match'),
    range: findHeader(request.rawHeaders, 'range'),
    ifRange: findHeader(request.rawHeaders, 'if-range'),
  };
}

/**
 * The one rule for every representation the server sends, from memory or
 * from disk: 304 when `If-None-Match` holds its tag (weak comparison, lists,
 * `*`); for a GET, one byte range as `parseRange` reads it, unless `If-Range`
 * names anything but this exact strong tag (another version, a weak tag, a
 * date: the server sends no Last-Modified, so no date can vouch for the
 * bytes); else the whole. Pure.
 */
export function chooseAnswer(conditions: AnswerConditions, etag: string, length: number): Answer {
  if (ifNoneMatchHits(conditions.ifNoneMatch, etag)) return { kind: 'not-modified' };
  if (conditions.method !== 'GET' || conditions.range === undefined) return { kind: 'whole' };
  if (conditions.ifRange !== undefined && conditions.ifRange.trim() !== etag) return { kind: 'whole' };
  return parseRange(conditions.range, length);
}

/**
 * The status and headers of `answer` for a representation of `length` bytes
 * with these header sets: a 304 and a 416 carry the 304's (the path's own
 * headers, ETag, Vary; a 416 adds `Content-Range: bytes *\/LENGTH` and no
 * body), a 206 the 200's with its range and length. Pure.
 */
export function describeAnswer(
  answer: Answer,
  headers: VariantHeaders,
  length: number,
): { readonly status: number; readonly headers: Readonly<Record<string, string>> } {
  switch (answer.kind) {
    case 'not-modified':
      return { status: 304, headers: headers.notModifiedHeaders };
    case 'unsatisfiable':
      return {
        status: 416,
        headers: { ...headers.notModifiedHeaders, 'Content-Range': `bytes */${length}`, 'Content-Length': '0' },
      };
    case 'part':
      return {
        status: 206,
        headers: {
          ...headers.okHeaders,
          'Content-Range': `bytes ${answer.start}-${answer.end}/${length}`,
          'Content-Length': String(answer.end - answer.start + 1),
        },
      };
    case 'whole':
      return { status: 200, headers: headers.okHeaders };
  }
}
