import { describe, expect, it } from 'vitest';
import { assessHealth } from '../../../src/server/assess-health.js';
import { sampleStatus } from '../../helpers/status-fixture.js';

const now = new Date('2026-11-21T12:00:00Z');
const status = (updated_at: string) => sampleStatus({ updated_at });

describe('assessHealth', () => {
  it('is unhealthy when no status exists', () => {
    expect(assessHealth(undefined, now, 90_000)).toMatchObject({ healthy: false, code: 'status_missing' });
  });

  it.each([
    ['just written', '2026-11-21T12:00:00Z', 0],
    ['exactly at the bound', '2026-11-21T11:58:30Z', 90],
    ['from a clock slightly ahead', '2026-11-21T12:00:02Z', 0],
    ['from a clock ahead by exactly the skew allowance', '2026-11-21T12:00:30Z', 0],
  ])('is healthy for a status %s', (_name, updatedAt, ageSeconds) => {
    expect(assessHealth(status(updatedAt), now, 90_000)).toEqual({ healthy: true, updatedAt, ageSeconds });
  });

  it('is stale one second past the bound, and says how old and what bound', () => {
    const health = assessHealth(status('2026-11-21T11:58:29Z'), now, 90_000);
    expect(health).toMatchObject({ healthy: false, code: 'status_stale' });
    expect(health.healthy ? '' : health.message).toContain('91 s ago, more than the 90 s allowed');
  });

  it('is unhealthy, with its own code, for a status from further in the future than the skew allowance', () => {
    const health = assessHealth(status('2026-11-21T12:00:31Z'), now, 90_000);
    expect(health).toMatchObject({ healthy: false, code: 'status_from_future' });
    expect(health.healthy ? '' : health.message).toContain('31 s ahead of this server');
  });
});
