import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { CycleReport } from '../cycle/cycle-report.js';
import type { ProbeObserver } from '../cycle/probe-observer.js';
import { PUSH_OUTCOMES, type PushOutcome } from '../heartbeats/push-listener.js';
import type { PostWebhook } from '../webhooks/post-webhook.js';
import { ALL_CHECK_LABELS, labelCheck } from './check-labels.js';
import { PEER_OUTCOMES } from './observation-samples.js';

export interface ProbeMetricsOptions {
  readonly registry: Registry;
  /** The wall clock: when the probe last published. */
  readonly now?: () => Date;
}

/** What the probe is made of, known once its config is loaded. */
export interface ProbeParts {
  /** The peers' region codes, so that each peer's counters start at 0. */
  readonly peers: readonly string[];
  /** The webhook deliveries still queued, asked at each scrape; left out when there are no webhooks. */
  readonly pendingDeliveries?: (() => Promise<readonly unknown[]>) | undefined;
  /** Each component's group, for the per-component series (the heartbeats' age, the check durations). */
  readonly groups?: ReadonlyMap<string, string> | undefined;
  /** This region's name, the `region` label of the check durations (as the server's status series have it). */
  readonly region?: string | undefined;
}

export interface ProbeMetrics {
  /** Hand this to the prober: it records every cycle and history write. */
  readonly observer: ProbeObserver;
  /** Wraps the webhook poster so that each attempt is counted by how it ended. */
  observePost(post: PostWebhook): PostWebhook;
  /** Counts a request to the push listener by how it ended. */
  observePush(outcome: PushOutcome): void;
  /** Starts each peer's counters at 0 and follows the webhook queue's depth. */
  follow(parts: ProbeParts): void;
}

/** How a cycle ended, as the `outcome` label has it. */
const CYCLE_OUTCOMES = ['published', 'offline', 'write_failed', 'aborted', 'fenced'] as const;
/** How a webhook attempt ended: a 2xx, another answer, or none. */
const DELIVERY_OUTCOMES = ['accepted', 'rejected', 'failed'] as const;

/** Cycles take about the slowest check's timeout (5 s by default, 60 s at most). */
const CYCLE_BUCKETS_S = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/**
 * Check durations: from a loopback answer to the longest timeout a check may
 * have (60 s), denser where the default timeout (5 s) and a latency alert's
 * thresholds lie, so that `histogram_quantile(0.95, …)` is close there.
 */
export const CHECK_DURATION_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 30, 60];
/** A history write is a few SQLite statements and two document writes. */
const HISTORY_BUCKETS_S = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

function cycleOutcome(report: CycleReport): (typeof CYCLE_OUTCOMES)[number] {
  return report.published ? 'published' : report.why;
}

/**
 * Registers the probe's own health metrics on `registry` and returns the
 * observer that feeds them: cycles (duration histogram, count by outcome,
 * the last published time), checks by outcome and failure class, peer
 * fetches by outcome, the duration of each component's answered checks
 * (a histogram per region and component), history write time, the webhooks' queue depth and
 * attempts by outcome, and the heartbeats' pushes by outcome and age. Every counter starts at 0 for each label value it can
 * take. The cycle itself never sees prom-client.
 */
export function registerProbeMetrics({ registry, now = () => new Date() }: ProbeMetricsOptions): ProbeMetrics {
  const registers = [registry];
  let pendingDeliveries: ProbeParts['pendingDeliveries'];
  const cycleSeconds = new Histogram({
    name: 'service_directory_probe_cycle_duration_seconds',
    help: 'How long each probe cycle took, checks and peers included, by how it ended.',
    labelNames: ['outcome'],
    buckets: CYCLE_BUCKETS_S,
    registers,
  });
  const cycles = new Counter({
    name: 'service_directory_probe_cycles_total',
    help: 'Probe cycles by how they ended: published, offline, write_failed or aborted.',
    labelNames: ['outcome'],
    registers,
  });
  const lastPublished = new Gauge({
    name: 'service_directory_probe_last_published_timestamp_seconds',
    help: 'When the probe last published a status, in Unix seconds.',
    registers,
  });
  const checks = new Counter({
    name: 'service_directory_probe_checks_total',
    help: 'Checks run by the probe, by outcome (ok, failed) and failure class.',
    labelNames: ['outcome', 'failure_class'],
    registers,
  });
  const peerFetches = new Counter({
    name: 'service_directory_probe_peer_fetches_total',
    help: "Fetches of the peers' observations, by peer and how they arrived.",
    labelNames: ['peer', 'outcome'],
    registers,
  });
  const historySeconds = new Histogram({
    name: 'service_directory_probe_history_write_duration_seconds',
    help: 'How long recording a published cycle in the history took (SQLite and the history documents).',
    buckets: HISTORY_BUCKETS_S,
    registers,
  });
  const checkSeconds = new Histogram({
    name: 'service_directory_probe_check_duration_seconds',
    help: 'How long each check that got an answer took, per component (as the published latency percentiles count them).',
    labelNames: ['region', 'component', 'group'],
    buckets: CHECK_DURATION_BUCKETS_S,
    registers,
  });
  const deliveries = new Counter({
    name: 'service_directory_probe_webhook_deliveries_total',
    help: 'Webhook delivery attempts by how they ended: accepted (2xx), rejected (another answer), failed (none).',
    labelNames: ['outcome'],
    registers,
  });
  new Gauge({
    name: 'service_directory_probe_webhook_queue_depth',
    help: 'Webhook deliveries queued, not yet accepted by their receiver.',
    registers,
    async collect() {
      this.set(pendingDeliveries === undefined ? 0 : (await pendingDeliveries()).length);
    },
  });
  const pushes = new Counter({
    name: 'service_directory_probe_heartbeat_pushes_total',
    help: 'Requests to the push listener by how they ended: success or failure (recorded as the job said), unauthorized, rate_limited, refused (method, path, query or body), error (not recorded).',
    labelNames: ['outcome'],
    registers,
  });
  // The last push of each heartbeat component as the last cycle read it, by name.
  const lastPushes = new Map<string, number>();
  let groups: ReadonlyMap<string, string> = new Map();
  let region = '';
  new Gauge({
    name: 'service_directory_probe_heartbeat_age_seconds',
    help: "How long ago each heartbeat component's last push arrived, as of the last cycle's reading; absent before its first push.",
    labelNames: ['component', 'group'],
    registers,
    collect() {
      this.reset();
      const nowMs = now().getTime();
      for (const [component, atMs] of lastPushes) {
        this.set({ component, group: groups.get(component) ?? '' }, Math.max(0, nowMs - atMs) / 1000);
      }
    },
  });
  for (const outcome of PUSH_OUTCOMES) pushes.inc({ outcome }, 0);
  for (const outcome of CYCLE_OUTCOMES) {
    cycles.inc({ outcome }, 0);
    cycleSeconds.zero({ outcome });
  }
  for (const labels of ALL_CHECK_LABELS) checks.inc({ ...labels }, 0);
  for (const outcome of DELIVERY_OUTCOMES) deliveries.inc({ outcome }, 0);

  return {
    observer: {
      cycleEnded(outcome, report) {
        const label = cycleOutcome(report);
        cycles.inc({ outcome: label });
        cycleSeconds.observe({ outcome: label }, outcome.durationMs / 1000);
        if (report.published) lastPublished.set(now().getTime() / 1000);
        if (outcome.kind !== 'observed') return;
        for (const component of outcome.components) {
          const labels = { region, component: component.name, group: groups.get(component.name) ?? '' };
          for (const { result } of component.checks) {
            checks.inc({ ...labelCheck(result) });
            // Only an answer's time is a latency: a timeout's is its timeout (as in the history).
            if (result.status !== undefined) checkSeconds.observe(labels, result.latency_ms / 1000);
            if (result.pushedAtMs !== undefined) lastPushes.set(component.name, result.pushedAtMs);
          }
        }
        for (const peer of outcome.peers) peerFetches.inc({ peer: peer.region, outcome: peer.outcome });
      },
      historyRecorded(durationMs) {
        historySeconds.observe(durationMs / 1000);
      },
    },
    follow(parts) {
      for (const peer of parts.peers) for (const outcome of PEER_OUTCOMES) peerFetches.inc({ peer, outcome }, 0);
      pendingDeliveries = parts.pendingDeliveries;
      groups = parts.groups ?? new Map();
      region = parts.region ?? '';
    },
    observePush(outcome) {
      pushes.inc({ outcome });
    },
    observePost(post) {
      return async (request) => {
        const attempt = await post(request);
        // Cut short by shutdown: neither the receiver's answer nor its failure.
        if (!request.signal?.aborted) {
          deliveries.inc({
            outcome: attempt.accepted ? 'accepted' : attempt.status === undefined ? 'failed' : 'rejected',
          });
        }
        return attempt;
      };
    },
  };
}
