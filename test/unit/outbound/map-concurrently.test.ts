import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { mapConcurrently } from '../../../src/outbound/map-concurrently.js';

describe('mapConcurrently', () => {
  it.each([1, 3, 8, 50])('keeps at most %i tasks in flight and uses all of them', async (limit) => {
    let inFlight = 0;
    let most = 0;
    await mapConcurrently(
      Array.from({ length: 40 }, (_, index) => index),
      limit,
      async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await sleep(2);
        inFlight -= 1;
      },
    );
    expect(most).toBe(Math.min(limit, 40));
  });

  it('returns the results in the order of the items, not of completion', async () => {
    const results = await mapConcurrently([30, 1, 15, 5], 4, async (delay, index) => {
      await sleep(delay);
      return `${index}:${delay}`;
    });
    expect(results).toEqual(['0:30', '1:1', '2:15', '3:5']);
  });

  it('maps an empty list to an empty list', async () => {
    expect(await mapConcurrently([], 4, async () => 1)).toEqual([]);
  });
});
