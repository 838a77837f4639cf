import { describe, expect, it } from 'vitest';
import { STATUS_VALUES, type StatusValue } from '../../../src/schemas/status-value.js';
import { impactOfState, STATUSPAGE_STATUS_BY_STATE } from '../../../src/statuspage/statuspage-vocabulary.js';

describe('the overall state in Statuspage words', () => {
  it.each<[StatusValue, string, string]>([
    ['operational', 'none', 'All Systems Operational'],
    ['under_maintenance', 'maintenance', 'Service Under Maintenance'],
    ['degraded_performance', 'minor', 'Partially Degraded Service'],
    ['partial_outage', 'major', 'Partial System Outage'],
    ['major_outage', 'critical', 'Major System Outage'],
  ])('maps %s to the indicator %s, "%s"', (state, indicator, description) => {
    expect(STATUSPAGE_STATUS_BY_STATE[state]).toEqual({ indicator, description });
  });

  it('gives every state a different indicator', () => {
    const indicators = STATUS_VALUES.map((state) => STATUSPAGE_STATUS_BY_STATE[state].indicator);
    expect(new Set(indicators).size).toBe(STATUS_VALUES.length);
  });
});

describe('impactOfState', () => {
  it.each<[StatusValue, string]>([
    ['operational', 'none'],
    ['under_maintenance', 'none'],
    ['degraded_performance', 'minor'],
    ['partial_outage', 'major'],
    ['major_outage', 'critical'],
  ])('gives an incident whose worst state was %s the impact %s', (state, impact) => {
    expect(impactOfState(state)).toBe(impact);
  });
});
