import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../src/checks/check-result.js';
import type { ComponentOutcome } from '../../../src/cycle/decide-component.js';
import { renderHeartbeats } from '../../../src/heartbeats/render-heartbeats.js';
import { HeartbeatsDocumentSchema } from '../../../src/schemas/heartbeats-document.js';
import type { CheckSettings } from '../../../src/settings/probe-settings.js';

const HOUR_MS = 3_600_000;
const STATUS = { region: 'Amsterdam 1', updated_at: '2026-11-21T05:00:00Z' };

/** A component of the cycle with one check: a heartbeat of `slug` when `everyMs` is given, else an HTTP check. */
function outcome(
  name: string,
  result: CheckResult,
  heartbeat?: { everyMs: number; graceMs: number },
): ComponentOutcome {
  const check: CheckSettings = {
    url: heartbeat ? `heartbeat:${name.toLowerCase()}` : 'http://127.0.0.1:9/',
    timeoutMs: 1000,
    degradedMs: 500,
    expectStatus: undefined,
    minCertificateDays: 14,
    ...(heartbeat && { kind: 'heartbeat' as const, heartbeat: { slug: name.toLowerCase(), ...heartbeat } }),
  };
  // Only `name` and `checks` are read: the rest is a cycle's, as any.
  return { name, checks: [{ check, result }] } as unknown as ComponentOutcome;
}

describe('renderHeartbeats', () => {
  it('describes each heartbeat component, in order, from what its check read this cycle', () => {
    const document = renderHeartbeats(
      [
        outcome(
          'Nightly',
          { ok: true, latency_ms: 0, pushedAtMs: Date.parse('2026-11-21T04:10:00Z') },
          {
            everyMs: HOUR_MS,
            graceMs: 300_000,
          },
        ),
        outcome('Control', { ok: true, latency_ms: 12 }),
        outcome(
          'Backups',
          { ok: true, latency_ms: 0, notJudgedUntilMs: Date.parse('2026-11-22T05:00:00Z'), note: 'no push yet' },
          { everyMs: 24 * HOUR_MS, graceMs: 0 },
        ),
        outcome(
          'Reports',
          { ok: false, latency_ms: 0, error: 'no heartbeat since watching began at …' },
          {
            everyMs: 1000,
            graceMs: 0,
          },
        ),
      ],
      STATUS,
    );
    expect(HeartbeatsDocumentSchema.parse(document)).toEqual({
      version: 'v1',
      region: 'Amsterdam 1',
      updated_at: '2026-11-21T05:00:00Z',
      components: [
        {
          name: 'Nightly',
          every_seconds: 3600,
          grace_seconds: 300,
          last_push_at: '2026-11-21T04:10:00Z',
          not_judged_until: null,
        },
        {
          name: 'Backups',
          every_seconds: 86_400,
          grace_seconds: 0,
          last_push_at: null,
          not_judged_until: '2026-11-22T05:00:00Z',
        },
        { name: 'Reports', every_seconds: 1, grace_seconds: 0, last_push_at: null, not_judged_until: null },
      ],
    });
  });

  it('is an empty list without a heartbeat component, published all the same', () => {
    expect(renderHeartbeats([outcome('Control', { ok: true, latency_ms: 12 })], STATUS)).toEqual({
      version: 'v1',
      region: 'Amsterdam 1',
      updated_at: '2026-11-21T05:00:00Z',
      components: [],
    });
  });
});
