import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import { parseDocument } from '../../../src/io/parse-document.js';
import { RegionsFileSchema } from '../../../src/schemas/region.js';

const region = { code: 'ams1', name: 'Amsterdam 1', zone: 'eu-west', country: 'NL', status: 'operational' };

function problemsOf(regions: unknown): string[] {
  try {
    parseDocument('data/regions.json', JSON.stringify(regions), RegionsFileSchema);
    return [];
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return error.message.split('\n');
  }
}

describe('RegionsFileSchema', () => {
  it.each([
    [
      'country "Germany"',
      { country: 'Germany' },
      'data/regions.json: [0].country: "Germany" is not an ISO 3166-1 alpha-2 code',
    ],
    ['country "XX"', { country: 'XX' }, 'data/regions.json: [0].country: "XX" is not an ISO 3166-1 alpha-2 code'],
    ['country "UK"', { country: 'UK' }, 'data/regions.json: [0].country: "UK" is not an ISO 3166-1 alpha-2 code'],
    [
      'a name with a leading space',
      { name: ' Amsterdam' },
      'data/regions.json: [0].name: must not start or end with white space',
    ],
    [
      'a zone with a trailing newline',
      { zone: 'eu-west\n' },
      'data/regions.json: [0].zone: must not start or end with white space',
    ],
    ['an empty zone', { zone: '' }, 'data/regions.json: [0].zone: must not be empty'],
  ])('reports %s with one problem naming the path', (_description, change, problem) => {
    expect(problemsOf([{ ...region, ...change }])).toEqual([problem]);
  });

  it('says a missing field is required, rather than describing undefined', () => {
    const { country: _, status: __, ...rest } = region;
    expect(problemsOf([rest])).toEqual([
      'data/regions.json: [0].country: is required',
      'data/regions.json: [0].status: is required',
    ]);
  });

  it('rejects an empty list, which would publish no regions', () => {
    expect(problemsOf([])).toEqual(['data/regions.json: must list at least one region']);
  });

  it.each([['GB'], ['US'], ['NL']])('accepts country %s', (country) => {
    expect(problemsOf([{ ...region, country }])).toEqual([]);
  });

  it('accepts a label with inner white space', () => {
    expect(problemsOf([{ ...region, name: 'San  Francisco 1' }])).toEqual([]);
  });
});

describe('RegionsFileSchema: names compared as text', () => {
  it('refuses a name that differs from another only in Unicode normalisation', () => {
    expect(
      problemsOf([
        { ...region, name: 'Z\u00fcrich 1' },
        { ...region, code: 'zrh2', name: 'Zu\u0308rich 1' },
      ]),
    ).toEqual([
      'data/regions.json: [1].name: "Zu\u0308rich 1" is already used by [0], written with other code points (the same text in Unicode NFC)',
    ]);
  });
});
