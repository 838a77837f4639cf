import { describe, expect, it } from 'vitest';
import { findHeader } from '../../../src/server/find-header.js';

describe('findHeader', () => {
  it.each([
    [['Host', 'x', 'If-None-Match', '"a"'], '"a"'],
    [['host', 'x', 'if-none-match', '"a"'], '"a"'],
    [['IF-NONE-MATCH', '"a"', 'If-None-Match', '"b"'], '"a", "b"'],
    [['Host', 'x', 'If-None-Matches', '"a"'], undefined],
    [[], undefined],
  ])('finds if-none-match in %j', (raw, value) => {
    expect(findHeader(raw, 'if-none-match')).toBe(value);
  });
});
