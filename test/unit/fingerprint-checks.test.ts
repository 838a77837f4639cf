import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fingerprintChecks } from '../../src/cycle/fingerprint-checks.js';
import type { CheckSettings } from '../../src/settings/probe-settings.js';
import { checkAt } from '../helpers/probe-settings.js';

const base = checkAt('https://probe:s3cret@registry.example/v2/');

describe('fingerprintChecks', () => {
  it('is the same for the same checks', () => {
    expect(fingerprintChecks([base])).toBe(fingerprintChecks([{ ...base }]));
  });

  it.each<[string, CheckSettings[]]>([
    ['another URL', [{ ...base, url: 'https://registry.example/v3/' }]],
    ['another timeout', [{ ...base, timeoutMs: base.timeoutMs + 1 }]],
    ['another degraded_ms', [{ ...base, degradedMs: base.degradedMs + 1 }]],
    ['expected statuses', [{ ...base, expectStatus: [200, 401] }]],
    ['a body condition', [{ ...base, expectJson: [{ pointer: '/status', equals: 'ok' }] }]],
    ['an expected text', [{ ...base, expectText: 'ok' }]],
    ['another min_certificate_days', [{ ...base, minCertificateDays: 30 }]],
    ['a trusted CA', [{ ...base, ca: '-----BEGIN CERTIFICATE-----' }]],
    ['one more check', [base, base]],
  ])('changes with %s', (_what, checks) => {
    expect(fingerprintChecks(checks)).not.toBe(fingerprintChecks([base]));
  });

  it('is what it was before body conditions existed, for a check without them', () => {
    const before = JSON.stringify([[base.url, base.timeoutMs, base.degradedMs, base.expectStatus ?? null]]);
    expect(fingerprintChecks([base])).toBe(createHash('sha256').update(before).digest('hex'));
  });

  it('is a digest that does not carry the URL or its credentials', () => {
    expect(fingerprintChecks([base])).toMatch(/^[0-9a-f]{64}$/);
  });
});
