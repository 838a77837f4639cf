import { describe, expect, it } from 'vitest';
import {
  type ConditionObservation,
  type ConditionState,
  decideConditionLine,
  describeDuration,
} from '../../../src/log/decide-condition-line.js';

const HOUR = 3_600_000;
const full: ConditionObservation = { kind: 'holds', key: 'ENOSPC', message: 'disk full' };
const readOnly: ConditionObservation = { kind: 'holds', key: 'EROFS', message: 'read-only' };
const fine: ConditionObservation = { kind: 'clear', message: 'saving again' };
const held = (over: Partial<ConditionState> = {}): ConditionState => ({
  key: 'ENOSPC',
  sinceMs: 0,
  loggedMs: 0,
  seen: 3,
  ...over,
});

describe('decideConditionLine', () => {
  it.each<[string, ConditionState | undefined, ConditionObservation, number, string | undefined]>([
    ['logs a condition when it starts', undefined, full, 0, 'error disk full'],
    ['says nothing while nothing is wrong', undefined, fine, 0, undefined],
    ['says nothing while it goes on within the hour', held(), full, HOUR - 1, undefined],
    [
      'reminds once the hour since the last line is up',
      held(),
      full,
      HOUR,
      'error disk full (still so, for 60 min, seen 4 times)',
    ],
    ['logs a change of condition at once', held(), readOnly, 1_000, 'error read-only'],
    [
      'logs the end with how long it lasted',
      held({ sinceMs: 0 }),
      fine,
      90_000,
      'info saving again (the problem lasted 90 s, seen 3 times)',
    ],
    ['says nothing after a step back of the clock', held({ loggedMs: HOUR }), full, 0, undefined],
  ])('%s', (_name, state, observation, nowMs, expected) => {
    const { line } = decideConditionLine(state, observation, nowMs);
    expect(line === undefined ? undefined : `${line.level} ${line.text}`).toBe(expected);
  });

  it('counts from the change, not from the first condition', () => {
    const { state } = decideConditionLine(held({ sinceMs: 0 }), readOnly, 5_000);
    expect(state).toEqual({ key: 'EROFS', sinceMs: 5_000, loggedMs: 5_000, seen: 1 });
  });

  it('after a step back, reminds an hour after the step rather than an hour after the old time', () => {
    const stepped = decideConditionLine(held({ loggedMs: 10 * HOUR }), full, HOUR).state;
    expect(decideConditionLine(stepped, full, 2 * HOUR - 1).line).toBeUndefined();
    expect(decideConditionLine(stepped, full, 2 * HOUR).line?.level).toBe('error');
  });
});

describe('describeDuration', () => {
  it.each([
    [0, '0 s'],
    [119_000, '119 s'],
    [120_000, '2 min'],
    [HOUR, '60 min'],
    [2 * HOUR, '2 h'],
    [2 * HOUR + 5 * 60_000, '2 h 5 min'],
  ])('%i ms reads %s', (ms, words) => {
    expect(describeDuration(ms)).toBe(words);
  });
});
