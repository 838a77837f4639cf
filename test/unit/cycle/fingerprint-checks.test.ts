import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type FingerprintedCheck as CheckSettings, fingerprintChecks } from '../../../src/cycle/fingerprint-checks.js';
import { checkAt } from '../../helpers/probe-settings.js';

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

  it.each<[string, CheckSettings]>([
    ['records a dns answer must hold', { ...checkAt('dns://10.0.0.53/r.example'), expectAnswer: ['10.0.0.1'] }],
    ['the rcode a dns answer must have', { ...checkAt('dns://10.0.0.53/r.example'), expectRcode: 'NXDOMAIN' }],
    ['the provider component read', { ...checkAt('statuspage+https://s.example'), upstreamComponent: 'API' }],
    ['a heartbeat interval', { ...checkAt('heartbeat:x'), heartbeat: { slug: 'x', everyMs: 60_000, graceMs: 0 } }],
  ])('changes with %s, from the same check without', (_what, check) => {
    const { expectAnswer, expectRcode, upstreamComponent, heartbeat, ...without } = check;
    expect(fingerprintChecks([check])).not.toBe(fingerprintChecks([without]));
  });

  it('changes with a heartbeat grace', () => {
    const check = { ...checkAt('heartbeat:x'), heartbeat: { slug: 'x', everyMs: 60_000, graceMs: 0 } };
    expect(fingerprintChecks([check])).not.toBe(
      fingerprintChecks([{ ...check, heartbeat: { ...check.heartbeat, graceMs: 1 } }]),
    );
  });

  it('is a digest that does not carry the URL or its credentials', () => {
    expect(fingerprintChecks([base])).toMatch(/^[0-9a-f]{64}$/);
  });
});
