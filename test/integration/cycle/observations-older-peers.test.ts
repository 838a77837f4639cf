import { describe, expect, it } from 'vitest';
import { describeGrpcError } from '../../../src/checks/check-grpc-health.js';
import type { CheckResult } from '../../../src/checks/check-result.js';
import { judgeDnsAnswer } from '../../../src/checks/judge-dns-answer.js';
import { judgeHeartbeat } from '../../../src/checks/judge-heartbeat.js';
import { judgeUpstreamSummary } from '../../../src/checks/judge-upstream-summary.js';
import type { ProbeCheck } from '../../../src/checks/probe-check.js';
import { parseSummary } from '../../../src/checks/upstream-pages.js';
import { serializeObservations } from '../../../src/cycle/render-observations.js';
import { runCycle } from '../../../src/cycle/run-cycle.js';
import { EMPTY_PROBE_STATE } from '../../../src/schemas/probe-state.js';
import { previousReleaseRefuses } from '../../helpers/previous-observations.js';
import { checkAt, settingsFor } from '../../helpers/probe-settings.js';
import { recordedPage } from '../../helpers/upstream-page-server.js';

const T0 = Date.parse('2026-11-21T05:00:00Z');

/** Each failure the new kinds can report, in their own judges' words, by the URL of a component's one check. */
function failuresByUrl(): Map<string, CheckResult> {
  const summary = parseSummary(recordedPage('github-outage'));
  if (summary.kind !== 'summary') throw new Error(summary.reason);
  const upstream = judgeUpstreamSummary(summary.summary, 'Git Operations');
  const fail = (error: CheckResult['error'], extra: Partial<CheckResult> = {}): CheckResult => ({
    ok: false,
    latency_ms: 3,
    ...(error === undefined ? {} : { error }),
    ...extra,
  });
  const heartbeat = { slug: 'nightly-build', everyMs: 3_600_000, graceMs: 0 };
  return new Map<string, CheckResult>([
    [
      'dns://10.0.0.53/registry.test?type=A',
      fail(judgeDnsAnswer({ rcode: 'NOERROR', records: ['10.0.0.7'] }, 'A', 'NOERROR', ['10.0.0.1'])),
    ],
    ['dns://10.0.0.53/missing.test?type=A', fail(judgeDnsAnswer({ rcode: 'NXDOMAIN', records: [] }, 'A'))],
    ['grpc://127.0.0.1:50051/scheduler.v1.Scheduler', fail('health NOT_SERVING')],
    ['grpc://127.0.0.1:50052', fail(describeGrpcError({ code: 12, details: '' }, ''))],
    ['grpc://127.0.0.1:50053/billing', fail(describeGrpcError({ code: 5, details: '' }, 'billing'))],
    ['statuspage+https://www.githubstatus.com', fail(upstream.reason, { reported: upstream.state ?? 'major_outage' })],
    [
      'statuspage+https://status.example.net',
      fail('upstream unreadable since 2026-11-21T04:55:00Z: unexpected status 503'),
    ],
    [
      'heartbeat:nightly-build',
      judgeHeartbeat({ atMs: T0, ok: false, message: 'x'.repeat(500) }, heartbeat, T0, T0 + 60_000),
    ],
    ['heartbeat:backups', judgeHeartbeat(undefined, heartbeat, T0, T0 + 7_200_000)],
  ]);
}

describe('the observations of every new kind of check, read by a peer one version behind', () => {
  it('validate against the previous release’s strict observations schema, failure classes and all', async () => {
    const failures = failuresByUrl();
    const settings = settingsFor(
      [...failures.keys()].map((url, index) => ({ name: `Component ${index}`, checks: [checkAt(url)] })),
    );
    const outcome = await runCycle({
      settings,
      state: EMPTY_PROBE_STATE,
      check: async (check: ProbeCheck) => failures.get(check.url) ?? { ok: true, latency_ms: 1 },
      now: () => new Date(T0),
    });
    if (outcome.kind !== 'observed') throw new Error(outcome.kind);
    const document = JSON.parse(serializeObservations(outcome.observations));
    expect(previousReleaseRefuses(document)).toBeUndefined();
    expect(document.components.map((component: { failure_class: string }) => component.failure_class)).toEqual([
      'body',
      'dns',
      'status',
      'status',
      'status',
      'status',
      'status',
      'error',
      'timeout',
    ]);
    expect(document.components[5].status).toBe('major_outage');
  });
});
