import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src/heartbeats/rate-limiter.js';

describe('createRateLimiter', () => {
  it('lets a burst through, then one request per refill, per client', () => {
    const limiter = createRateLimiter({ burst: 3, perSecond: 2 });
    expect([0, 0, 0].map(() => limiter.take('10.0.0.1', 0))).toEqual([0, 0, 0]);
    expect(limiter.take('10.0.0.1', 0)).toBe(1);
    expect(limiter.take('10.0.0.2', 0)).toBe(0);
    expect(limiter.take('10.0.0.1', 499)).toBe(1);
    expect(limiter.take('10.0.0.1', 1000)).toBe(0);
  });

  it('never refills past the burst', () => {
    const limiter = createRateLimiter({ burst: 2, perSecond: 1 });
    limiter.take('a', 0);
    expect([limiter.take('a', 3_600_000), limiter.take('a', 3_600_000), limiter.take('a', 3_600_000)]).toEqual([
      0, 0, 1,
    ]);
  });

  it('stays bounded across many clients, forgetting the quiet ones first', () => {
    const limiter = createRateLimiter({ burst: 1, perSecond: 0.001 });
    expect(limiter.take('first', 0)).toBe(0);
    for (let client = 0; client < 10_001; client += 1) limiter.take(`client-${client}`, 1);
    // Forgotten, `first` starts with a full bucket again: erring towards letting a request through.
    expect(limiter.take('first', 2)).toBe(0);
  });
});
