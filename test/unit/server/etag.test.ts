import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits, strongEtag } from '../../../src/server/etag.js';

describe('strongEtag', () => {
  it('is a quoted strong tag that follows the bytes', () => {
    const a = strongEtag(Buffer.from('a'));
    expect(a).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(strongEtag(Buffer.from('a'))).toBe(a);
    expect(strongEtag(Buffer.from('b'))).not.toBe(a);
  });
});

describe('ifNoneMatchHits', () => {
  const etag = '"abc"';
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
    ['', false],
  ])('%j → %s', (header, hit) => {
    expect(ifNoneMatchHits(header, etag)).toBe(hit);
  });
});
