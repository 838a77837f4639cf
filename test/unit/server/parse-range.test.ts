import { describe, expect, it } from 'vitest';
import { parseRange } from '../../../src/server/parse-range.js';

describe('parseRange on a body of 100 bytes', () => {
  it.each([
    ['no header', undefined, { kind: 'whole' }],
    ['the first ten bytes', 'bytes=0-9', { kind: 'part', start: 0, end: 9 }],
    ['from byte 90 on', 'bytes=90-', { kind: 'part', start: 90, end: 99 }],
    ['the last five bytes', 'bytes=-5', { kind: 'part', start: 95, end: 99 }],
    ['a suffix longer than the body', 'bytes=-500', { kind: 'part', start: 0, end: 99 }],
    ['an end past the body, cut to it', 'bytes=50-1000', { kind: 'part', start: 50, end: 99 }],
    ['the last byte alone', 'bytes=99-99', { kind: 'part', start: 99, end: 99 }],
    ['a start past the end', 'bytes=100-', { kind: 'unsatisfiable' }],
    ['an empty suffix', 'bytes=-0', { kind: 'unsatisfiable' }],
    ['several ranges, answered whole', 'bytes=0-1, 5-6', { kind: 'whole' }],
    ['another unit', 'items=0-1', { kind: 'whole' }],
    ['an end before its start, which is invalid and ignored', 'bytes=9-3', { kind: 'whole' }],
    ['no numbers', 'bytes=-', { kind: 'whole' }],
    ['garbage', 'bytes=a-b', { kind: 'whole' }],
  ] as const)('%s (%s)', (_name, header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });

  it('finds no byte to send in an empty body', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
