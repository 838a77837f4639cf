import { describe, expect, it } from 'vitest';
import { describeStandinModes } from '../../../src/standins/standin-mode.js';

describe('describeStandinModes', () => {
  it.each([
    [300, 'answers healthy after 300 ms, within the default degraded_ms (1000 ms)'],
    [1000, 'answers healthy after 1000 ms, within the default degraded_ms (1000 ms)'],
    [1500, 'answers healthy after 1500 ms, slower than the default degraded_ms (1000 ms)'],
  ])('describes slow with --slow-ms %i as it is', (slowMs, described) => {
    expect(describeStandinModes(slowMs).slow).toBe(described);
  });
});
