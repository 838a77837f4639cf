import { describe, expect, it } from 'vitest';
import { scheduleIntervalMs } from '../../../src/time/schedule-interval.js';

describe('scheduleIntervalMs', () => {
  it.each([
    ['*/5 * * * * *', 5_000],
    ['*/30 * * * * *', 30_000],
    ['0 * * * * *', 60_000],
    ['0 */5 * * * *', 300_000],
    ['0,10 * * * * *', 50_000],
  ])('of %s is %i ms, the longest gap', (expression, interval) => {
    expect(scheduleIntervalMs(expression)).toBe(interval);
  });
});
