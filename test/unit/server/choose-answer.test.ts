import { describe, expect, it } from 'vitest';
import { type AnswerConditions, chooseAnswer, describeAnswer } from '../../../src/server/choose-answer.js';

const ETAG = '"v1"';
const get = (conditions: Partial<AnswerConditions>): AnswerConditions => ({
  method: 'GET',
  ifNoneMatch: undefined,
  range: undefined,
  ifRange: undefined,
  ...conditions,
});

describe('chooseAnswer on a representation of 100 bytes', () => {
  it.each([
    ['no conditions', get({}), { kind: 'whole' }],
    ['its tag in If-None-Match', get({ ifNoneMatch: ETAG }), { kind: 'not-modified' }],
    ['its tag, weak', get({ ifNoneMatch: `W/${ETAG}` }), { kind: 'not-modified' }],
    ['another tag', get({ ifNoneMatch: '"v0"' }), { kind: 'whole' }],
    ['a range', get({ range: 'bytes=0-9' }), { kind: 'part', start: 0, end: 9 }],
    ['a range on HEAD', get({ method: 'HEAD', range: 'bytes=0-9' }), { kind: 'whole' }],
    [
      'a range with If-Range of its tag',
      get({ range: 'bytes=0-9', ifRange: ETAG }),
      { kind: 'part', start: 0, end: 9 },
    ],
    ['a range with If-Range of another tag', get({ range: 'bytes=0-9', ifRange: '"v0"' }), { kind: 'whole' }],
    ['a range with If-Range of its weak tag', get({ range: 'bytes=0-9', ifRange: `W/${ETAG}` }), { kind: 'whole' }],
    [
      'a range with If-Range of a date',
      get({ range: 'bytes=0-9', ifRange: 'Sat, 21 Nov 2026 04:37:59 GMT' }),
      { kind: 'whole' },
    ],
    ['a range past the end', get({ range: 'bytes=100-' }), { kind: 'unsatisfiable' }],
    ['a matching tag and a range', get({ ifNoneMatch: ETAG, range: 'bytes=0-9' }), { kind: 'not-modified' }],
  ] as const)('%s', (_name, conditions, expected) => {
    expect(chooseAnswer(conditions, ETAG, 100)).toEqual(expected);
  });
});

describe('describeAnswer', () => {
  const headers = {
    okHeaders: { 'Content-Type': 'text/css', 'Cache-Control': 'no-cache', ETag: ETAG, 'Content-Length': '100' },
    notModifiedHeaders: { 'Cache-Control': 'no-cache', ETag: ETAG },
  };

  it('gives a 416 the headers of a 304, its Content-Range and no length', () => {
    expect(describeAnswer({ kind: 'unsatisfiable' }, headers, 100)).toEqual({
      status: 416,
      headers: { 'Cache-Control': 'no-cache', ETag: ETAG, 'Content-Range': 'bytes */100', 'Content-Length': '0' },
    });
  });

  it('gives a 206 the headers of a 200 with its range and length', () => {
    expect(describeAnswer({ kind: 'part', start: 10, end: 19 }, headers, 100)).toEqual({
      status: 206,
      headers: { ...headers.okHeaders, 'Content-Range': 'bytes 10-19/100', 'Content-Length': '10' },
    });
  });
});
