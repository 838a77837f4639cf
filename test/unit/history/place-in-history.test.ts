import { describe, expect, it } from 'vitest';
import { isClockStepBack, placeInHistory } from '../../../src/history/place-in-history.js';

const T = Date.parse('2026-11-22T07:40:27Z');
const HOUR = 3_600_000;

describe('placeInHistory', () => {
  it.each<[string, number, number | undefined, { atMs: number; behindMs: number }]>([
    ['an empty history takes the wall clock', T, undefined, { atMs: T, behindMs: 0 }],
    ['a cycle after the last record takes the wall clock', T + 5_000, T, { atMs: T + 5_000, behindMs: 0 }],
    ['a step forward is taken as it is', T + HOUR, T, { atMs: T + HOUR, behindMs: 0 }],
    ['a step back records just after the last record', T - HOUR + 9_000, T, { atMs: T + 1, behindMs: HOUR - 9_000 }],
    ['the same millisecond as the last record goes 1 ms after it', T, T, { atMs: T + 1, behindMs: 0 }],
  ])('%s', (_name, wallMs, lastMs, expected) => {
    expect(placeInHistory(wallMs, lastMs)).toEqual(expected);
  });

  it('never runs backwards over a whole step back, and takes the wall clock again once it has caught up', () => {
    let last = T;
    const placed: number[] = [];
    for (let wall = T - HOUR; wall <= T + 20_000; wall += 5_000) {
      last = placeInHistory(wall, last).atMs;
      placed.push(last);
    }
    expect(placed.every((at, index) => index === 0 || at > (placed[index - 1] ?? 0))).toBe(true);
    expect(placed.at(-1)).toBe(T + 20_000);
  });

  it.each<[string, number, boolean]>([
    ['a clock on time', T + 5_000, false],
    ['the same millisecond', T, false],
    ['under a second behind', T - 999, false],
    ['a second behind', T - 1_000, true],
    ['an hour behind', T - HOUR, true],
  ])('a step back is logged only from a second: %s', (_name, wallMs, logged) => {
    expect(isClockStepBack(placeInHistory(wallMs, T))).toBe(logged);
  });
});
