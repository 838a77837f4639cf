import { describe, expect, it } from 'vitest';
import { chooseStaleAfterMs } from '../../../src/server/stale-after.js';

describe('chooseStaleAfterMs', () => {
  it.each([
    ['a fixed bound wins over everything', 120_000, { interval_seconds: 5 }, 90_000, 120_000],
    ["three of the probe's published intervals", undefined, { interval_seconds: 5 }, 90_000, 15_000],
    ['the fallback while nothing is published', undefined, undefined, 45_000, 45_000],
  ])('%s', (_name, fixed, uptime, fallback, expected) => {
    expect(chooseStaleAfterMs(fixed, uptime, fallback)).toBe(expected);
  });
});
