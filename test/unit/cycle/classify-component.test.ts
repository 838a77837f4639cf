import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../src/checks/check-endpoint.js';
import { classifyComponent } from '../../../src/cycle/classify-component.js';
import type { StatusValue } from '../../../src/schemas/status-value.js';

const ok = (latency_ms = 10): CheckResult => ({ ok: true, status: 200, latency_ms });
const failed = (latency_ms = 10): CheckResult => ({ ok: false, latency_ms, error: 'refused' });
const judged = (...results: CheckResult[]) => results.map((result) => ({ result, degradedMs: 1000 }));

describe('classifyComponent', () => {
  it.each<[string, CheckResult[], StatusValue]>([
    ['one fast success', [ok()], 'operational'],
    ['all of several fast successes', [ok(), ok(), ok()], 'operational'],
    ['a success exactly at degraded_ms', [ok(1000)], 'operational'],
    ['one success slower than degraded_ms', [ok(1001)], 'degraded_performance'],
    ['all succeed but one is slow', [ok(), ok(1500)], 'degraded_performance'],
    ['one failure of one check', [failed()], 'major_outage'],
    ['a slow failure', [failed(4000)], 'major_outage'],
    ['every check failing', [failed(), failed()], 'major_outage'],
    ['some checks failing', [ok(), failed()], 'partial_outage'],
    ['some failing and the rest slow', [ok(2000), failed()], 'partial_outage'],
  ])('%s is %s', (_name, results, expected) => {
    expect(classifyComponent(judged(...results), false)).toBe(expected);
  });

  it.each<[string, boolean, CheckResult, StatusValue]>([
    ['a fast success whose certificate is due', true, ok(), 'degraded_performance'],
    ['a fast success whose certificate is not due', false, ok(), 'operational'],
    ['a failure whose certificate is due', true, failed(), 'major_outage'],
  ])('%s is %s', (_name, certificateDue, result, expected) => {
    expect(classifyComponent([{ result, degradedMs: 1000, certificateDue }], false)).toBe(expected);
  });

  it.each<[string, CheckResult[]]>([
    ['healthy', [ok()]],
    ['down', [failed()]],
    ['slow', [ok(5000)]],
  ])('is under_maintenance inside a window whatever the checks say (%s)', (_name, results) => {
    expect(classifyComponent(judged(...results), true)).toBe('under_maintenance');
  });

  it('judges slowness against each check own degraded_ms', () => {
    const checks = [
      { result: ok(300), degradedMs: 500 },
      { result: ok(300), degradedMs: 200 },
    ];
    expect(classifyComponent(checks, false)).toBe('degraded_performance');
  });
});

describe('classifyComponent: a state the checked thing reports', () => {
  const reported = (state: StatusValue, latency_ms = 10): CheckResult => ({
    ok: state === 'operational',
    latency_ms,
    reported: state,
    ...(state === 'operational' ? {} : { error: `upstream reports ${state}` as const }),
  });

  it.each<[string, CheckResult[], StatusValue]>([
    ['a provider operational, however slow its page', [reported('operational', 4000)], 'operational'],
    ['a provider degraded', [reported('degraded_performance')], 'degraded_performance'],
    ['a provider partly out', [reported('partial_outage')], 'partial_outage'],
    ['a provider fully out', [reported('major_outage')], 'major_outage'],
    ['a provider in maintenance', [reported('under_maintenance')], 'under_maintenance'],
    ['a provider partly out beside a healthy check', [reported('partial_outage'), ok()], 'partial_outage'],
    ['a provider operational beside a failed check', [reported('operational'), failed()], 'partial_outage'],
    ['a provider degraded beside a failed check', [reported('degraded_performance'), failed()], 'partial_outage'],
  ])('%s is %s', (_name, results, expected) => {
    expect(classifyComponent(judged(...results), false)).toBe(expected);
  });
});
