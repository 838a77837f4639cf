import { describe, expect, it } from 'vitest';
import { renderVerifyTable } from '../../../src/verify/render-verify-table.js';
import type { VerifyCheck, VerifyReport } from '../../../src/verify/verify-report.js';

const check = (overrides: Partial<VerifyCheck>): VerifyCheck => ({
  endpoint: 'regions',
  check: 'content-type',
  outcome: 'pass',
  url: 'http://127.0.0.1:9/api/v1/regions',
  expected: 'application/json',
  actual: 'application/json',
  ...overrides,
});

const report = (checks: VerifyCheck[]): VerifyReport => ({
  ok: checks.every((c) => c.outcome !== 'fail'),
  base_url: 'http://127.0.0.1:9',
  regions_url: 'http://127.0.0.1:9/api/v1/regions',
  status_url: 'http://127.0.0.1:9/api/v1/status',
  checked_at: '2026-11-21T04:40:00Z',
  max_age_s: 300,
  checks,
});

describe('renderVerifyTable', () => {
  it('prints one aligned row per check with expected and actual values', () => {
    const text = renderVerifyTable(
      report([
        check({}),
        check({ check: 'cache-control', outcome: 'fail', expected: 'no-store', actual: 'max-age=60' }),
      ]),
    );
    expect(text).toContain('ok      regions   content-type   application/json  application/json\n');
    expect(text).toContain('FAIL    regions   cache-control  no-store          max-age=60\n');
  });

  it.each([
    ['every check passed', [check({}), check({})], 'PASS: all 2 checks passed'],
    [
      'an optional document is not published',
      [check({}), check({ endpoint: 'uptime', check: 'status-code', outcome: 'skip' })],
      'PASS: 1 checks passed, 1 skipped',
    ],
    [
      'a check failed and one was skipped',
      [check({ outcome: 'fail' }), check({ outcome: 'skip' }), check({})],
      'FAIL: 1 of 3 checks failed, 1 skipped',
    ],
    [
      'the server could not be reached',
      [check({ check: 'reachable', outcome: 'fail', actual: 'connect ECONNREFUSED 127.0.0.1:9' })],
      'FAIL: cannot reach http://127.0.0.1:9/api/v1/regions (connect ECONNREFUSED 127.0.0.1:9)',
    ],
  ])('ends with a verdict when %s', (_description, checks, verdict) => {
    expect(renderVerifyTable(report(checks)).trimEnd().split('\n').at(-1)).toBe(verdict);
  });
});
