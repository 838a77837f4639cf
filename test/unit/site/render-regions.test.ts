import { describe, expect, it } from 'vitest';
import { RegionListSchema } from '../../../src/schemas/region.js';
import { renderRegions } from '../../../src/site/render-regions.js';

const fra = { code: 'fra1', name: 'Frankfurt 1', zone: 'eu-central', country: 'DE', status: 'operational' } as const;
const ams = { code: 'ams1', name: 'Amsterdam 1', zone: 'eu-west', country: 'NL', status: 'operational' } as const;

describe('renderRegions', () => {
  it('wraps the regions in the list envelope', () => {
    expect(RegionListSchema.parse(JSON.parse(renderRegions([ams])))).toEqual({ object: 'list', data: [ams] });
  });

  it('renders the same bytes whatever the input order', () => {
    expect(renderRegions([fra, ams])).toBe(renderRegions([ams, fra]));
  });

  it('sorts by code and writes fields in the spec order', () => {
    const reordered = {
      status: 'operational',
      country: 'DE',
      zone: 'eu-central',
      name: 'Frankfurt 1',
      code: 'fra1',
    } as const;
    expect(renderRegions([reordered, ams])).toBe(
      '{"object":"list","data":[' +
        '{"code":"ams1","name":"Amsterdam 1","zone":"eu-west","country":"NL","status":"operational"},' +
        '{"code":"fra1","name":"Frankfurt 1","zone":"eu-central","country":"DE","status":"operational"}]}\n',
    );
  });

  it('renders an empty list', () => {
    expect(renderRegions([])).toBe('{"object":"list","data":[]}\n');
  });
});
