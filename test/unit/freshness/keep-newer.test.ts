import { describe, expect, it } from 'vitest';
import { isOlderThanHeld } from '../../../src/freshness/keep-newer.js';

const NOW = new Date('2026-11-21T05:00:00Z');

describe('isOlderThanHeld: of two versions of a document, the one a reader keeps', () => {
  it.each([
    ['nothing held yet', '2026-11-21T04:59:50Z', undefined, false],
    ['a newer version', '2026-11-21T04:59:55Z', '2026-11-21T04:59:50Z', false],
    ['the same time: the same cycle, written again', '2026-11-21T04:59:50Z', '2026-11-21T04:59:50Z', false],
    ['an older version: a writer that lost its lease, late', '2026-11-21T04:59:40Z', '2026-11-21T04:59:44Z', true],
    [
      'older than one held a little ahead of this clock, within the skew allowance',
      '2026-11-21T04:59:59Z',
      '2026-11-21T05:00:20Z',
      true,
    ],
    [
      'older than one held from this clock’s future: a clock stepped back',
      '2026-11-21T04:59:59Z',
      '2026-11-21T06:00:00Z',
      false,
    ],
  ] as const)('%s: refused: %s', (_name, next, held, refused) => {
    expect(isOlderThanHeld(next, held, NOW)).toBe(refused);
  });
});
