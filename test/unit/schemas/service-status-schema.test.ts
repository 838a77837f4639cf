import { describe, expect, it } from 'vitest';
import { formatTimestamp, ServiceStatusSchema, TimestampSchema } from '../../../src/schemas/service-status.js';
import { worstStatus } from '../../../src/schemas/status-value.js';
import { sampleStatus } from '../../helpers/status-fixture.js';

const valid = sampleStatus({ components: [{ name: 'Control API', status: 'operational' }] });

describe('TimestampSchema', () => {
  it.each(['2026-11-21T04:37:59Z', '2024-02-29T00:00:00Z', '1999-12-31T23:59:59Z'])('accepts %s', (value) => {
    expect(TimestampSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['milliseconds', '2026-11-21T04:37:59.123Z'],
    ['an offset instead of Z', '2026-11-21T04:37:59+00:00'],
    ['no zone', '2026-11-21T04:37:59'],
    ['a lower-case z', '2026-11-21T04:37:59z'],
    ['a date only', '2026-11-21'],
    ['minute precision', '2026-11-21T04:37Z'],
    ['an impossible day', '2026-02-30T04:37:59Z'],
    ['an impossible hour', '2026-11-21T24:37:59Z'],
    ['a space separator', '2026-11-21 04:37:59Z'],
    ['a number', 1_763_700_000],
  ])('rejects %s', (_name, value) => {
    expect(TimestampSchema.safeParse(value).success).toBe(false);
  });

  it('judges each value on its own however many were checked before it (the remembered ones start again)', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let second = 0; second < 12_000; second += 1) {
      expect(TimestampSchema.safeParse(formatTimestamp(new Date(start + second * 1000))).success).toBe(true);
    }
    expect(TimestampSchema.safeParse('2026-02-30T04:37:59Z').success).toBe(false);
    expect(TimestampSchema.safeParse('2026-01-01T00:00:00Z').success).toBe(true);
  });

  it('formats an instant to the second with a trailing Z', () => {
    expect(formatTimestamp(new Date('2026-11-21T04:37:59.987Z'))).toBe('2026-11-21T04:37:59Z');
  });
});

describe('ServiceStatusSchema', () => {
  it('accepts a status body with exactly the spec fields', () => {
    expect(ServiceStatusSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['another version', { ...valid, version: 'v2' }],
    ['an unknown overall status', { ...valid, status: 'ok' }],
    ['an unknown component status', { ...valid, components: [{ name: 'Registry', status: 'down' }] }],
    ['an extra top-level field', { ...valid, uptime: 1 }],
    ['an extra component field', { ...valid, components: [{ name: 'Registry', status: 'operational', ms: 3 }] }],
    ['an empty region', { ...valid, region: '' }],
    ['a missing updated_at', { ...valid, updated_at: undefined }],
  ])('rejects %s', (_name, body) => {
    expect(ServiceStatusSchema.safeParse(body).success).toBe(false);
  });
});

describe('worstStatus', () => {
  it.each([
    [[], 'operational'],
    [['operational', 'under_maintenance'], 'under_maintenance'],
    [['under_maintenance', 'degraded_performance'], 'degraded_performance'],
    [['degraded_performance', 'partial_outage', 'operational'], 'partial_outage'],
    [['major_outage', 'partial_outage'], 'major_outage'],
  ] as const)('of %j is %s', (statuses, worst) => {
    expect(worstStatus(statuses)).toBe(worst);
  });
});
