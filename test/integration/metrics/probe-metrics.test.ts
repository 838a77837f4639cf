import { join } from 'node:path';
import { Registry } from 'prom-client';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeHeartbeat } from '../../../src/heartbeats/heartbeat-files.js';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { CHECK_DURATION_BUCKETS_S, registerProbeMetrics } from '../../../src/metrics/probe-metrics.js';
import { createProber } from '../../../src/probe-process/create-prober.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { createWebhookDeliverer } from '../../../src/webhooks/create-webhook-deliverer.js';
import { decideStatusEvents } from '../../../src/webhooks/decide-status-events.js';
import { postWebhook } from '../../../src/webhooks/post-webhook.js';
import { resolveWebhookTargets } from '../../../src/webhooks/webhook-target.js';
import { checkAt, settingsFor } from '../../helpers/probe-settings.js';
import { checkMetrics } from '../../helpers/promtool.js';
import { useStandins } from '../../helpers/standins.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { waitFor } from '../../helpers/test-server.js';
import { unusedPort } from '../../helpers/unused-port.js';
import { useWebhookReceivers } from '../../helpers/webhook-receiver.js';

const standin = useStandins();
const receiver = useWebhookReceivers();
const log: ProbeLog = { info: () => {}, error: () => {} };
let root: string;

const tempDir = tempDirsPerTest({ prefix: 'probe-metrics-' });
beforeEach(async () => {
  root = await tempDir();
});

function samplesOf(exposition: string, name: string): string[] {
  return exposition.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

async function observedCycle() {
  const healthy = await standin({ mode: 'healthy' });
  const failing = await standin({ mode: 'failing' });
  const settings = settingsFor(
    [
      { name: 'Scheduler', checks: [checkAt(`${healthy.origin}/healthz`)] },
      { name: 'Registry', scope: 'global', checks: [checkAt(`${failing.origin}/healthz`)] },
    ],
    { peers: [{ region: 'fra1', url: `http://127.0.0.1:${await unusedPort()}/api/v1/observations` }] },
  );
  const registry = new Registry();
  const metrics = registerProbeMetrics({ registry, now: () => new Date('2026-11-21T04:38:00Z') });
  metrics.follow({ peers: ['fra1'], region: 'Amsterdam 1', groups: new Map([['Scheduler', 'Compute']]) });
  const prober = createProber({
    settings,
    publicDir: createPublicDirWriter(join(root, 'public')),
    stateFile: join(root, '.state', 'probe-state.json'),
    historyFile: join(root, '.state', 'history.sqlite'),
    log,
    observer: metrics.observer,
  });
  expect((await prober.runCycle()).published).toBe(true);
  prober.close();
  return registry.metrics();
}

describe('the probe sidecar metrics', () => {
  it('pass promtool check metrics', async () => {
    const result = await checkMetrics(await observedCycle());
    expect(result.stderr + result.stdout).toBe('');
    expect(result.code).toBe(0);
  });

  it('count a published cycle, its duration and history write, checks by failure class and peers by outcome', async () => {
    const text = await observedCycle();
    expect(samplesOf(text, 'service_directory_probe_cycles_total')).toContain(
      'service_directory_probe_cycles_total{outcome="published"} 1',
    );
    expect(samplesOf(text, 'service_directory_probe_cycles_total')).toContain(
      'service_directory_probe_cycles_total{outcome="offline"} 0',
    );
    expect(samplesOf(text, 'service_directory_probe_cycle_duration_seconds_count')).toContain(
      'service_directory_probe_cycle_duration_seconds_count{outcome="published"} 1',
    );
    expect(samplesOf(text, 'service_directory_probe_history_write_duration_seconds_count')).toEqual([
      'service_directory_probe_history_write_duration_seconds_count 1',
    ]);
    expect(samplesOf(text, 'service_directory_probe_checks_total')).toEqual(
      expect.arrayContaining([
        'service_directory_probe_checks_total{outcome="ok",failure_class=""} 1',
        'service_directory_probe_checks_total{outcome="failed",failure_class="status"} 1',
        'service_directory_probe_checks_total{outcome="failed",failure_class="timeout"} 0',
      ]),
    );
    expect(samplesOf(text, 'service_directory_probe_peer_fetches_total')).toEqual(
      expect.arrayContaining([
        'service_directory_probe_peer_fetches_total{peer="fra1",outcome="unreachable"} 1',
        'service_directory_probe_peer_fetches_total{peer="fra1",outcome="fresh"} 0',
      ]),
    );
    expect(samplesOf(text, 'service_directory_probe_last_published_timestamp_seconds')).toEqual([
      `service_directory_probe_last_published_timestamp_seconds ${Date.parse('2026-11-21T04:38:00Z') / 1000}`,
    ]);
  });

  it("give a histogram of each component's answered check durations, by region, in buckets up to the longest timeout", async () => {
    const text = await observedCycle();
    const labels = (component: string, group: string) =>
      `region="Amsterdam 1",component="${component}",group="${group}"`;
    // The failing stand-in answers 503: an answer, so its time counts, as in the published percentiles.
    for (const [component, group] of [
      ['Scheduler', 'Compute'],
      ['Registry', ''],
    ] as const) {
      expect(samplesOf(text, 'service_directory_probe_check_duration_seconds_count')).toContain(
        `service_directory_probe_check_duration_seconds_count{${labels(component, group)}} 1`,
      );
      const buckets = samplesOf(text, 'service_directory_probe_check_duration_seconds_bucket').filter((line) =>
        line.includes(`component="${component}"`),
      );
      expect(buckets.map((line) => /le="([^"]+)"/.exec(line)?.[1])).toEqual([
        ...CHECK_DURATION_BUCKETS_S.map(String),
        '+Inf',
      ]);
      expect(buckets.at(-1)).toMatch(/ 1$/);
    }
  });

  it('count webhook attempts by outcome and give the queue depth', async () => {
    const refusing = await receiver({ accept: true, failures: 1 });
    const registry = new Registry();
    const metrics = registerProbeMetrics({ registry });
    const deliverer = createWebhookDeliverer({
      queueFile: join(root, 'webhook-queue.json'),
      targets: resolveWebhookTargets(
        [{ url: refusing.url, format: 'generic', secret_env: 'HOOK_SECRET' }],
        { HOOK_SECRET: 'secret' },
        'data/components.json',
      ),
      log,
      post: metrics.observePost(postWebhook),
      retry: { baseMs: 50, capMs: 100 },
    });
    metrics.follow({ peers: [], pendingDeliveries: () => deliverer.pending() });
    await deliverer.enqueue(
      decideStatusEvents({
        region: { code: 'ams1', name: 'Amsterdam 1' },
        components: [{ name: 'Scheduler', before: 'operational', after: 'major_outage' }],
        at: '2026-11-21T04:00:00Z',
      }),
    );
    expect(samplesOf(await registry.metrics(), 'service_directory_probe_webhook_queue_depth')).toEqual([
      'service_directory_probe_webhook_queue_depth 1',
    ]);
    deliverer.start();
    await waitFor(async () => refusing.received.length === 2);
    await waitFor(async () => (await deliverer.pending()).length === 0);
    await deliverer.stop();
    const text = await registry.metrics();
    expect(samplesOf(text, 'service_directory_probe_webhook_deliveries_total')).toEqual([
      'service_directory_probe_webhook_deliveries_total{outcome="accepted"} 1',
      'service_directory_probe_webhook_deliveries_total{outcome="rejected"} 1',
      'service_directory_probe_webhook_deliveries_total{outcome="failed"} 0',
    ]);
    expect(samplesOf(text, 'service_directory_probe_webhook_queue_depth')).toEqual([
      'service_directory_probe_webhook_queue_depth 0',
    ]);
  });
});

describe('the probe sidecar metrics of heartbeats', () => {
  it('give each heartbeat component’s last push age and count pushes by outcome, passing promtool', async () => {
    const pushedAtMs = Date.parse('2026-11-21T04:30:00Z');
    await writeHeartbeat(join(root, '.state'), 'nightly-build', { atMs: pushedAtMs, ok: true, message: null });
    const heartbeat = { slug: 'nightly-build', everyMs: 3_600_000, graceMs: 0 };
    const settings = settingsFor([
      {
        name: 'Nightly Build',
        group: 'Builds',
        checks: [checkAt('heartbeat:nightly-build', { kind: 'heartbeat', heartbeat })],
      },
      {
        name: 'Backups',
        checks: [checkAt('heartbeat:backups', { kind: 'heartbeat', heartbeat: { ...heartbeat, slug: 'backups' } })],
      },
    ]);
    const now = () => new Date('2026-11-21T04:38:00Z');
    const registry = new Registry();
    const metrics = registerProbeMetrics({ registry, now });
    metrics.follow({ peers: [], groups: new Map([['Nightly Build', 'Builds']]) });
    const prober = createProber({
      settings,
      publicDir: createPublicDirWriter(join(root, 'public')),
      stateFile: join(root, '.state', 'probe-state.json'),
      log,
      now,
      observer: metrics.observer,
    });
    expect((await prober.runCycle()).published).toBe(true);
    prober.close();
    metrics.observePush('success');
    metrics.observePush('unauthorized');
    metrics.observePush('unauthorized');
    const text = await registry.metrics();
    // Backups never pushed: no age at all, rather than a made-up one.
    expect(samplesOf(text, 'service_directory_probe_heartbeat_age_seconds')).toEqual([
      'service_directory_probe_heartbeat_age_seconds{component="Nightly Build",group="Builds"} 480',
    ]);
    expect(samplesOf(text, 'service_directory_probe_heartbeat_pushes_total')).toEqual([
      'service_directory_probe_heartbeat_pushes_total{outcome="success"} 1',
      'service_directory_probe_heartbeat_pushes_total{outcome="failure"} 0',
      'service_directory_probe_heartbeat_pushes_total{outcome="unauthorized"} 2',
      'service_directory_probe_heartbeat_pushes_total{outcome="rate_limited"} 0',
      'service_directory_probe_heartbeat_pushes_total{outcome="refused"} 0',
      'service_directory_probe_heartbeat_pushes_total{outcome="error"} 0',
    ]);
    const checked = await checkMetrics(text);
    expect(checked.stderr + checked.stdout).toBe('');
  });
});
