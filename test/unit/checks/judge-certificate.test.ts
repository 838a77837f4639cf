import { describe, expect, it } from 'vitest';
import { formatExpiry, judgeCertificate } from '../../../src/checks/judge-certificate.js';

const NOW = new Date('2026-11-25T03:00:00Z');
const at = (iso: string) => Date.parse(iso);
const served = (earliest: string, leaf = earliest) => ({
  leafExpiresAtMs: at(leaf),
  earliestExpiresAtMs: at(earliest),
});

describe('judgeCertificate', () => {
  it.each<[string, ReturnType<typeof served> | undefined, number, string | undefined]>([
    ['no certificate (http, tcp, a failure)', undefined, 14, undefined],
    ['90 days left with a window of 14', served('2027-02-23T03:00:00Z'), 14, undefined],
    ['exactly 14 days left with a window of 14', served('2026-12-09T03:00:00Z'), 14, undefined],
    [
      'a minute under 14 days',
      served('2026-12-09T02:59:00Z'),
      14,
      'certificate expires 2026-12-09 02:59 UTC, in 13 days',
    ],
    ['6 days left', served('2026-12-01T03:00:00Z'), 14, 'certificate expires 2026-12-01 03:00 UTC, in 6 days'],
    ['1 day and a bit left', served('2026-11-26T09:30:00Z'), 14, 'certificate expires 2026-11-26 09:30 UTC, in 1 day'],
    ['hours left', served('2026-11-25T20:00:00Z'), 14, 'certificate expires 2026-11-25 20:00 UTC, within a day'],
    [
      'an intermediate expiring before a healthy leaf',
      served('2026-12-01T03:00:00Z', '2027-06-01T00:00:00Z'),
      14,
      'certificate expires 2026-12-01 03:00 UTC, in 6 days',
    ],
    ['6 days left with the window turned off (0)', served('2026-12-01T03:00:00Z'), 0, undefined],
    ['6 days left with a window of 5', served('2026-12-01T03:00:00Z'), 5, undefined],
  ])('%s', (_name, expiry, minDays, reason) => {
    expect(judgeCertificate(expiry, minDays, NOW)?.reason).toBe(reason);
  });

  it('names the earliest expiry of the chain as the one in the window', () => {
    const warning = judgeCertificate(served('2026-12-01T03:00:00Z', '2027-06-01T00:00:00Z'), 14, NOW);
    expect(warning?.expiresAtMs).toBe(at('2026-12-01T03:00:00Z'));
  });
});

describe('formatExpiry', () => {
  it('writes the instant to the minute in UTC', () => {
    expect(formatExpiry(at('2026-12-01T03:00:59.999Z'))).toBe('2026-12-01 03:00 UTC');
  });
});
