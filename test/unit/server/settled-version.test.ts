import { describe, expect, it } from 'vitest';
import { msUntilWritesShow, TIMESTAMP_GRANULARITY_MS } from '../../../src/server/settled-version.js';

describe('msUntilWritesShow', () => {
  const now = 1_800_000_000_000;
  it.each([
    ['a file changed long ago', now - 60_000, 0],
    ['a file changed exactly the granularity ago', now - TIMESTAMP_GRANULARITY_MS, 0],
    ['a file changed just now', now, TIMESTAMP_GRANULARITY_MS],
    ['a file changed 5 ms ago', now - 5, TIMESTAMP_GRANULARITY_MS - 5],
    ['a change time a few milliseconds ahead (timestamp granularity)', now + 4, TIMESTAMP_GRANULARITY_MS + 4],
    ['a change time far ahead, after the clock stepped back', now + 60_000, 0],
  ])('%s', (_name, changedAt, expected) => {
    expect(msUntilWritesShow(changedAt, now)).toBe(expected);
  });
});
