import { describe, expect, it } from 'vitest';
import { parseLockStaleAfter } from '../../../src/cli/parse-lock-stale-after.js';

describe('parseLockStaleAfter', () => {
  it.each([
    [undefined, undefined],
    ['60', 60_000],
    ['3', 3_000],
  ])('reads %s as %s ms', (value, expected) => {
    expect(parseLockStaleAfter(value)).toBe(expected);
  });

  it.each(['2', '0', '-5', '1.5', 'soon', '3601'])('refuses %s, naming the flag and the range', (value) => {
    expect(() => parseLockStaleAfter(value)).toThrow(
      `--lock-stale-after: ${JSON.stringify(value)} is not a lease: use a whole number of seconds from 3 to 3600`,
    );
  });
});
