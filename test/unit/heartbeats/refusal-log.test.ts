import { describe, expect, it } from 'vitest';
import { createRefusalLog, MAX_REFUSAL_LINES_PER_MINUTE } from '../../../src/heartbeats/refusal-log.js';

function logged() {
  const lines: string[] = [];
  return { lines, log: { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) } };
}

describe('createRefusalLog', () => {
  it('logs the first refusal of a client and answer, then one a minute saying how many it left out', () => {
    const { lines, log } = logged();
    let nowMs = 0;
    const refusals = createRefusalLog(log, () => nowMs);
    for (let request = 0; request < 5; request += 1) refusals.refused('10.0.0.1', 401, 'wrong token');
    nowMs = 61_000;
    refusals.refused('10.0.0.1', 401, 'wrong token');
    expect(lines).toEqual([
      'heartbeats: refused 401 from 10.0.0.1: wrong token',
      'heartbeats: refused 401 from 10.0.0.1: wrong token (and 4 more since the last line)',
    ]);
  });

  it.each([
    [1_500, 2],
    [40, 1],
    [5_000, 4],
  ])(
    'holds %i clients refused %i times each to its lines a minute in all, then says how many it left out',
    (clients, times) => {
      const { lines, log } = logged();
      let nowMs = 0;
      const refusals = createRefusalLog(log, () => nowMs);
      for (let round = 0; round < times; round += 1)
        for (let client = 0; client < clients; client += 1)
          refusals.refused(`10.1.${client >> 8}.${client & 255}`, 401, 'x');
      expect(lines).toHaveLength(Math.min(clients, MAX_REFUSAL_LINES_PER_MINUTE));
      nowMs = 60_000;
      refusals.refused('10.9.9.9', 401, 'x');
      // The clients logged count their own repeats; the others' all go to the summary.
      const leftOut = Math.max(0, clients - MAX_REFUSAL_LINES_PER_MINUTE) * times;
      if (leftOut > 0) {
        expect(lines.at(-2)).toBe(
          `heartbeats: ${leftOut} more refusals from ${Math.min(clients - MAX_REFUSAL_LINES_PER_MINUTE, 1_000)} clients not logged in the last minute (at most ${MAX_REFUSAL_LINES_PER_MINUTE} lines a minute)`,
        );
      }
      expect(lines.at(-1)).toBe('heartbeats: refused 401 from 10.9.9.9: x');
    },
  );
});
