import { describe, expect, it } from 'vitest';
import { DETAIL_MAX_AGE_MS, isDetailDue } from '../../../src/history/detail-refresh.js';

const T = Date.parse('2026-11-25T12:00:00Z');
const written = { atMs: T, state: 'operational' } as const;

describe('isDetailDue', () => {
  it('writes a document this process never wrote', () => {
    expect(isDetailDue(undefined, 'operational', T, 30_000)).toBe(true);
  });

  it('writes at once when the published state changed, however recent the last write', () => {
    expect(isDetailDue(written, 'major_outage', T + 1_000, 30_000)).toBe(true);
  });

  it('at a 30 s schedule, skips the next cycle and writes the one after: never older than the max-age', () => {
    expect(isDetailDue(written, 'operational', T + 30_000, 30_000)).toBe(false);
    expect(isDetailDue(written, 'operational', T + 60_000, 30_000)).toBe(true);
  });

  it('a cycle that comes a little early still writes: a late next cycle would find it older than the max-age', () => {
    expect(isDetailDue(written, 'operational', T + 59_900, 30_000)).toBe(true);
    expect(isDetailDue(written, 'operational', T + 29_900, 30_000)).toBe(false);
  });

  it('writes every cycle at a schedule of the max-age or slower', () => {
    expect(isDetailDue(written, 'operational', T + DETAIL_MAX_AGE_MS, DETAIL_MAX_AGE_MS)).toBe(true);
    expect(isDetailDue(written, 'operational', T + 5_000, DETAIL_MAX_AGE_MS)).toBe(true);
  });

  it('at a 10 s schedule, writes every sixth cycle', () => {
    const due = [10, 20, 30, 40, 50, 60].map((s) => isDetailDue(written, 'operational', T + s * 1_000, 10_000));
    expect(due).toEqual([false, false, false, false, false, true]);
  });

  it('writes at once when the clock went back past the last write', () => {
    expect(isDetailDue(written, 'operational', T - 1_000, 30_000)).toBe(true);
  });
});
