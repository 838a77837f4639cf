import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { waitAtMost } from '../../../src/server/wait-at-most.js';

describe('waitAtMost', () => {
  it('gives the value of a promise that settles in time', async () => {
    expect(await waitAtMost(Promise.resolve('loaded'), 1_000)).toBe('loaded');
  });

  it("answers 'late' for one that takes longer", async () => {
    expect(await waitAtMost(sleep(200, 'loaded'), 10)).toBe('late');
  });

  it('passes on a rejection within the time', async () => {
    await expect(waitAtMost(Promise.reject(new Error('EACCES')), 1_000)).rejects.toThrow('EACCES');
  });
});
