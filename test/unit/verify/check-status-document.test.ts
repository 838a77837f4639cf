import { describe, expect, it } from 'vitest';
import type { RegionList } from '../../../src/schemas/region.js';
import { checkFreshness, checkKnownRegion } from '../../../src/verify/check-status-document.js';
import { sampleStatus } from '../../helpers/status-fixture.js';

const URL = 'http://127.0.0.1:9/api/v1/status';
const NOW = new Date('2026-11-21T04:40:00Z');
const REGIONS: RegionList = {
  object: 'list',
  data: [{ code: 'ams1', name: 'Amsterdam 1', zone: 'eu-west', country: 'NL', status: 'operational' }],
};

describe('checkFreshness', () => {
  it.each([
    ['just written', '2026-11-21T04:40:00Z', 300, 'pass'],
    ['exactly max age old', '2026-11-21T04:35:00Z', 300, 'pass'],
    ['one second past max age', '2026-11-21T04:34:59Z', 300, 'fail'],
    ['within a longer max age', '2026-11-21T04:30:00Z', 900, 'pass'],
    ['ahead of our clock by the skew allowance', '2026-11-21T04:40:30Z', 300, 'pass'],
    ['ahead of our clock by more than the skew allowance', '2026-11-21T04:40:45Z', 300, 'fail'],
    ['well in the future', '2026-11-21T04:45:00Z', 300, 'fail'],
  ] as const)('%s is a %s', (_description, updatedAt, maxAgeS, outcome) => {
    expect(checkFreshness(URL, sampleStatus({ updated_at: updatedAt }), NOW, maxAgeS).outcome).toBe(outcome);
  });

  it('says how old the status is', () => {
    expect(checkFreshness(URL, sampleStatus({ updated_at: '2026-11-21T04:30:00Z' }), NOW, 300).actual).toBe(
      '2026-11-21T04:30:00Z is 600 s old',
    );
  });

  it('says how far in the future a status from the future is', () => {
    expect(checkFreshness(URL, sampleStatus({ updated_at: '2026-11-21T04:45:00Z' }), NOW, 300).actual).toBe(
      '2026-11-21T04:45:00Z is 300 s in the future, more than the 30 s of clock skew allowed',
    );
  });

  it('skips when there is no valid status', () => {
    expect(checkFreshness(URL, undefined, NOW, 300).outcome).toBe('skip');
  });
});

describe('checkKnownRegion', () => {
  it.each([
    ['a listed name', 'Amsterdam 1', 'pass'],
    ['a region code instead of its name', 'ams1', 'fail'],
    ['a name in other case', 'amsterdam 1', 'fail'],
    ['an unknown name', 'Atlantis 1', 'fail'],
  ] as const)('%s is a %s', (_description, region, outcome) => {
    expect(
      checkKnownRegion(URL, sampleStatus({ updated_at: '2026-11-21T04:40:00Z', region }), REGIONS, 'r').outcome,
    ).toBe(outcome);
  });

  it('skips when the regions document could not be read', () => {
    expect(checkKnownRegion(URL, sampleStatus({ updated_at: '2026-11-21T04:40:00Z' }), undefined, 'r').outcome).toBe(
      'skip',
    );
  });
});
