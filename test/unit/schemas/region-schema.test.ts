import { describe, expect, it } from 'vitest';
import { ISO_COUNTRY_CODES } from '../../../src/schemas/country-codes.js';
import { RegionListSchema, RegionSchema, RegionsFileSchema } from '../../../src/schemas/region.js';

const valid = { code: 'ams1', name: 'Amsterdam 1', zone: 'eu-west', country: 'NL', status: 'operational' };

describe('RegionSchema', () => {
  it.each([
    ['a minimal region', valid],
    ['a longer code', { ...valid, code: 'saopaulo3' }],
    ['each status value', { ...valid, status: 'under_maintenance' }],
    ['a degraded region', { ...valid, status: 'degraded_performance' }],
    ['a region in a partial outage', { ...valid, status: 'partial_outage' }],
    ['a region in a major outage', { ...valid, status: 'major_outage' }],
  ])('accepts %s', (_name, region) => {
    expect(RegionSchema.safeParse(region).success).toBe(true);
  });

  it.each([
    ['a code with capitals', { ...valid, code: 'AMS1' }, 'code'],
    ['a code with two digits', { ...valid, code: 'ams12' }, 'code'],
    ['a code without a digit', { ...valid, code: 'ams' }, 'code'],
    ['a code with only a digit', { ...valid, code: '1' }, 'code'],
    ['a code with a dash', { ...valid, code: 'eu-1' }, 'code'],
    ['an empty name', { ...valid, name: '' }, 'name'],
    ['a name padded with spaces', { ...valid, name: ' Amsterdam 1 ' }, 'name'],
    ['an empty zone', { ...valid, zone: '' }, 'zone'],
    ['an unknown status', { ...valid, status: 'up' }, 'status'],
    ['a missing field', { code: 'ams1', name: 'Amsterdam 1', zone: 'eu-west', country: 'NL' }, 'status'],
    ['an extra field', { ...valid, latency: 3 }, ''],
    ['a numeric code', { ...valid, code: 1 }, 'code'],
  ])('rejects %s', (_name, region, path) => {
    const result = RegionSchema.safeParse(region);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });
});

describe('country codes', () => {
  it.each(['NL', 'DE', 'US', 'GB', 'JP', 'SG', 'AU', 'BR', 'ZA', 'AX'])('accepts the assigned code %s', (country) => {
    expect(RegionSchema.safeParse({ ...valid, country }).success).toBe(true);
  });

  it.each(['XX', 'UK', 'EU', 'XK', 'ZZ', 'Germany', 'de', 'nl', 'N', 'NLD', ''])('rejects %j', (country) => {
    const result = RegionSchema.safeParse({ ...valid, country });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(`${JSON.stringify(country)} is not an ISO 3166-1 alpha-2 code`);
  });

  it('holds exactly the 249 officially assigned codes', () => {
    expect(ISO_COUNTRY_CODES.size).toBe(249);
    for (const code of ISO_COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });
});

describe('RegionsFileSchema', () => {
  it('rejects a duplicate code and names the first use', () => {
    const result = RegionsFileSchema.safeParse([valid, { ...valid, name: 'Amsterdam 2' }]);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: [1, 'code'], message: '"ams1" is already used by [0]' }),
    ]);
  });

  it('rejects a duplicate name', () => {
    const result = RegionsFileSchema.safeParse([valid, { ...valid, code: 'ams2' }]);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: [1, 'name'], message: '"Amsterdam 1" is already used by [0]' }),
    ]);
  });

  it('reports a duplicate even when another region is invalid', () => {
    const result = RegionsFileSchema.safeParse([
      valid,
      { ...valid, code: 'ams2', country: 'XX' },
      { ...valid, code: 'ams3' },
    ]);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['1.country', '1.name', '2.name']);
  });

  it('rejects something that is not a list', () => {
    expect(RegionsFileSchema.safeParse({ regions: [valid] }).success).toBe(false);
  });
});

describe('RegionListSchema', () => {
  it('accepts the envelope', () => {
    expect(RegionListSchema.safeParse({ object: 'list', data: [valid] }).success).toBe(true);
  });

  it.each([
    ['another object type', { object: 'region', data: [] }],
    ['pagination fields', { object: 'list', data: [], has_more: false }],
    ['a missing data array', { object: 'list' }],
  ])('rejects %s', (_name, list) => {
    expect(RegionListSchema.safeParse(list).success).toBe(false);
  });
});
