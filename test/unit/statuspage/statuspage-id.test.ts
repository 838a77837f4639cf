import { describe, expect, it } from 'vitest';
import { statuspageId } from '../../../src/statuspage/statuspage-id.js';

describe('statuspageId', () => {
  it('is 12 lowercase letters and digits, like the ids of Statuspage', () => {
    for (const name of ['Scheduler', 'Control API', '', 'ünïcode ✓']) {
      expect(statuspageId('component', name)).toMatch(/^[a-z0-9]{12}$/);
    }
  });

  it('depends on the name alone: the same name gives the same id every time', () => {
    // Fixed values: an id that changed with a refactor would break every consumer that stored one.
    expect(statuspageId('component', 'Scheduler')).toBe('hqjk5jc9kd1y');
    expect(statuspageId('group', 'Compute')).toBe('5od23y8wk7xm');
    expect(statuspageId('page', 'Amsterdam 1')).toBe('1eain2pplm8y');
  });

  it('keeps kinds and names apart', () => {
    const ids = [
      statuspageId('component', 'Compute'),
      statuspageId('group', 'Compute'),
      statuspageId('component', 'compute'),
      statuspageId('component', 'Compute '),
      statuspageId('update', 'a', 'b'),
      statuspageId('update', 'a b'),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });
});
