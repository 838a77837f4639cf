import { describe, expect, it } from 'vitest';
import { FUTURE_SKEW_ALLOWANCE_MS, judgeFreshness, staleAfterMs } from '../../../src/freshness/judge-freshness.js';

const NOW = new Date('2026-11-22T12:00:00Z');

describe('judgeFreshness', () => {
  it.each([
    ['just published', '2026-11-22T12:00:00Z', { kind: 'fresh', ageMs: 0 }],
    ['at the limit', '2026-11-22T11:59:45Z', { kind: 'fresh', ageMs: 15_000 }],
    ['one second past the limit', '2026-11-22T11:59:44Z', { kind: 'stale', ageMs: 16_000, limitMs: 15_000 }],
    ['ahead within the allowance', '2026-11-22T12:00:30Z', { kind: 'fresh', ageMs: 0 }],
    [
      'ahead beyond the allowance',
      '2026-11-22T12:00:31Z',
      { kind: 'future', aheadMs: 31_000, allowanceMs: FUTURE_SKEW_ALLOWANCE_MS },
    ],
  ])('%s', (_name, timestamp, expected) => {
    expect(judgeFreshness(timestamp, NOW, staleAfterMs(5_000))).toEqual(expected);
  });

  it('takes a Date as well as a timestamp string', () => {
    expect(judgeFreshness(new Date('2026-11-22T11:00:00Z'), NOW, 60_000).kind).toBe('stale');
  });
});
