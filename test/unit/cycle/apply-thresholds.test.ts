import { describe, expect, it } from 'vitest';
import { applyThresholds } from '../../../src/cycle/apply-thresholds.js';
import type { StateMemory } from '../../../src/schemas/probe-state.js';
import type { StatusValue } from '../../../src/schemas/status-value.js';
import type { Thresholds } from '../../../src/settings/probe-settings.js';

const DEFAULTS: Thresholds = { failureThreshold: 2, successThreshold: 2 };

/** What is published after each observation, starting from nothing. */
function publishedAfter(observations: StatusValue[], thresholds: Thresholds = DEFAULTS): StatusValue[] {
  let memory: StateMemory | undefined;
  return observations.map((observed) => {
    memory = applyThresholds(memory, observed, thresholds);
    return memory.published;
  });
}

describe('applyThresholds', () => {
  it.each<[string, StatusValue[], StatusValue[], Thresholds?]>([
    ['publishes the first observation as observed', ['major_outage'], ['major_outage']],
    [
      'holds one failed cycle back and publishes the second',
      ['operational', 'major_outage', 'major_outage'],
      ['operational', 'operational', 'major_outage'],
    ],
    [
      'ignores a single blip',
      ['operational', 'major_outage', 'operational', 'major_outage', 'operational'],
      ['operational', 'operational', 'operational', 'operational', 'operational'],
    ],
    [
      'needs consecutive better cycles to recover',
      ['major_outage', 'operational', 'major_outage', 'operational', 'operational'],
      ['major_outage', 'major_outage', 'major_outage', 'major_outage', 'operational'],
    ],
    [
      'counts cycles that agree on worse, and publishes the latest',
      ['operational', 'partial_outage', 'major_outage'],
      ['operational', 'operational', 'major_outage'],
    ],
    [
      'counts cycles that agree on better, and publishes the latest',
      ['major_outage', 'partial_outage', 'degraded_performance'],
      ['major_outage', 'major_outage', 'degraded_performance'],
    ],
    [
      'restarts the count when the direction changes',
      ['degraded_performance', 'major_outage', 'operational', 'major_outage', 'major_outage'],
      ['degraded_performance', 'degraded_performance', 'degraded_performance', 'degraded_performance', 'major_outage'],
    ],
    [
      'moves at once with thresholds of 1',
      ['operational', 'major_outage', 'operational'],
      ['operational', 'major_outage', 'operational'],
      { failureThreshold: 1, successThreshold: 1 },
    ],
    [
      'applies the failure and success thresholds separately',
      ['operational', 'major_outage', 'major_outage', 'major_outage', 'operational'],
      ['operational', 'operational', 'operational', 'major_outage', 'operational'],
      { failureThreshold: 3, successThreshold: 1 },
    ],
    ['enters maintenance at once', ['operational', 'under_maintenance'], ['operational', 'under_maintenance']],
    [
      'leaves maintenance at once, publishing what is observed',
      ['under_maintenance', 'major_outage', 'operational'],
      ['under_maintenance', 'major_outage', 'major_outage'],
    ],
  ])('%s', (_name, observations, expected, thresholds) => {
    expect(publishedAfter(observations, thresholds)).toEqual(expected);
  });

  it('remembers the pending change and the last observation', () => {
    const first = applyThresholds(undefined, 'operational', DEFAULTS);
    expect(applyThresholds(first, 'partial_outage', DEFAULTS)).toEqual({
      published: 'operational',
      observed: 'partial_outage',
      pending: { direction: 'worse', cycles: 1 },
    });
  });
});
