import { describe, expect, it } from 'vitest';
import type { ComponentOutcome, CycleOutcome } from '../../../src/cycle/run-cycle.js';
import { formatChange, formatOffline, formatSummary } from '../../../src/probe-process/format-cycle-log.js';

const SECRET_URL = 'https://probe:s3cret@registry.example/v2/?token=abc123';
const check = {
  kind: 'http' as const,
  url: SECRET_URL,
  timeoutMs: 2000,
  degradedMs: 800,
  expectStatus: undefined,
  minCertificateDays: 14,
};

/** A component as a cycle left it; published as its memory says unless a declaration or `published` is given. */
function component(overrides: Partial<ComponentOutcome>): ComponentOutcome {
  const memory = overrides.memory ?? {
    name: 'Registry',
    published: 'major_outage',
    observed: 'major_outage',
    pending: null,
  };
  return {
    published: overrides.declaration?.state ?? memory.published,
    declaration: undefined,
    name: 'Registry',
    checks: [{ check, result: { ok: false, latency_ms: 2001, error: 'timeout', phase: 'connect' } }],
    underMaintenance: false,
    scope: 'regional',
    observed: 'major_outage',
    vote: undefined,
    before: 'operational',
    checksChanged: false,
    memory: { name: 'Registry', published: 'major_outage', observed: 'major_outage', pending: null },
    ...overrides,
  };
}

describe('formatChange', () => {
  it('says what changed and why, with the URL redacted', () => {
    expect(formatChange(component({}))).toBe(
      'Registry: operational -> major_outage (https://registry.example/v2/: timeout after 2000 ms (connect))',
    );
  });

  it('leaves the phase out of a timeout that names none', () => {
    const checks = [{ check, result: { ok: false, latency_ms: 2001, error: 'timeout' as const } }];
    expect(formatChange(component({ checks }))).toBe(
      'Registry: operational -> major_outage (https://registry.example/v2/: timeout after 2000 ms)',
    );
  });

  it('marks the first observation', () => {
    expect(formatChange(component({ before: undefined }))).toBe(
      'Registry: major_outage (first observation: https://registry.example/v2/: timeout after 2000 ms (connect))',
    );
  });

  it('says nothing when the published state did not change', () => {
    expect(formatChange(component({ before: 'major_outage' }))).toBeUndefined();
  });

  it('explains a slow component with its latency', () => {
    const line = formatChange(
      component({
        checks: [{ check, result: { ok: true, status: 200, latency_ms: 1234 } }],
        memory: {
          name: 'Registry',
          published: 'degraded_performance',
          observed: 'degraded_performance',
          pending: null,
        },
      }),
    );
    expect(line).toBe(
      'Registry: operational -> degraded_performance (https://registry.example/v2/: 1234 ms, slower than 800 ms)',
    );
  });

  it('explains maintenance', () => {
    const line = formatChange(
      component({
        underMaintenance: true,
        memory: { name: 'Registry', published: 'under_maintenance', observed: 'under_maintenance', pending: null },
      }),
    );
    expect(line).toBe('Registry: operational -> under_maintenance (inside a maintenance window)');
  });

  it("names the notice whose declaration was published, and the probe's own word beside it", () => {
    const line = formatChange(
      component({
        checks: [{ check, result: { ok: true, status: 200, latency_ms: 12 } }],
        memory: { name: 'Registry', published: 'operational', observed: 'operational', pending: null },
        declaration: { state: 'partial_outage', notice: { id: 'pushes-failing', title: 'Pushes time out' } },
      }),
    );
    expect(line).toBe(
      'Registry: operational -> partial_outage (declared by notice pushes-failing; the probe: operational, check passed)',
    );
  });
});

describe('formatSummary', () => {
  it('gives overall, counts, what waits on a threshold, and updated_at', () => {
    const outcome: Extract<CycleOutcome, { kind: 'observed' }> = {
      kind: 'observed',
      durationMs: 2010,
      status: {
        status: 'operational',
        version: 'v1',
        region: 'Amsterdam 1',
        components: [{ name: 'Registry', status: 'operational' }],
        updated_at: '2026-11-21T04:37:59Z',
      },
      observations: { version: 'v1', region: 'ams1', observed_at: '2026-11-21T04:37:59Z', components: [], peers: [] },
      peers: [],
      state: { version: 1, components: [] },
      components: [
        component({
          before: 'operational',
          memory: {
            name: 'Registry',
            published: 'operational',
            observed: 'major_outage',
            pending: { direction: 'worse', cycles: 1 },
          },
        }),
      ],
    };
    expect(formatSummary(outcome, { failureThreshold: 2, successThreshold: 3 })).toBe(
      'cycle done in 2010 ms; overall operational; 1 component: 1 operational; ' +
        'waiting to publish: Registry major_outage 1/2; updated_at 2026-11-21T04:37:59Z',
    );
  });
});

describe('formatOffline', () => {
  it('says the probe is offline and publishes nothing, without credentials or query', () => {
    const line = formatOffline({
      kind: 'offline',
      url: SECRET_URL,
      result: { ok: false, latency_ms: 3, error: 'dns' },
      durationMs: 3,
    });
    expect(line).toContain('connectivity check https://registry.example/v2/ failed (dns)');
    expect(line).toContain('publishes nothing');
    expect(line).not.toMatch(/s3cret|token|abc123|probe:/);
  });

  it('names the phase of a connectivity check that timed out', () => {
    const line = formatOffline({
      kind: 'offline',
      url: SECRET_URL,
      result: { ok: false, latency_ms: 5000, error: 'timeout', phase: 'dns' },
      durationMs: 5000,
    });
    expect(line).toContain('connectivity check https://registry.example/v2/ failed (timeout (dns))');
  });
});
