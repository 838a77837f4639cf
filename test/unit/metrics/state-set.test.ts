import { describe, expect, it } from 'vitest';
import { stateSet } from '../../../src/metrics/state-set.js';
import { componentStatusSamples } from '../../../src/metrics/status-samples.js';
import { STATUS_VALUES } from '../../../src/schemas/status-value.js';
import { sampleStatus } from '../../helpers/status-fixture.js';

describe('stateSet', () => {
  it('gives 1 to the current state and 0 to every other, in the given order', () => {
    expect(stateSet({ peer: 'fra1' }, 'outcome', 'stale', ['fresh', 'stale'])).toEqual([
      { labels: { peer: 'fra1', outcome: 'fresh' }, value: 0 },
      { labels: { peer: 'fra1', outcome: 'stale' }, value: 1 },
    ]);
  });
});

describe('componentStatusSamples', () => {
  it('gives every component five samples summing to 1, with its group or an empty one', () => {
    const samples = componentStatusSamples(sampleStatus(), new Map([['Registry', 'Storage']]));
    expect(samples).toHaveLength(4 * STATUS_VALUES.length);
    const registry = samples.filter(({ labels }) => labels.component === 'Registry');
    expect(registry.reduce((sum, { value }) => sum + value, 0)).toBe(1);
    expect(new Set(registry.map(({ labels }) => labels.group))).toEqual(new Set(['Storage']));
    expect(samples.find(({ labels }) => labels.component === 'Scheduler')?.labels.group).toBe('');
  });
});
