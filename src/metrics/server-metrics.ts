import { Counter, type Registry } from 'prom-client';
import type { ObservationsDocument } from '../schemas/observations.js';
import type { ServiceStatus } from '../schemas/service-status.js';
import type { UptimeDocument } from '../schemas/uptime.js';
import {
  latencySamples,
  peerSamples,
  VOTE_COUNTS,
  voteCountSamples,
  voteOutcomeSamples,
} from './observation-samples.js';
import { labelRequestPath } from './request-path-label.js';
import { registerSampledGauge } from './sampled-gauge.js';
import {
  type ComponentGroups,
  componentStatusSamples,
  overallStatusSamples,
  statusAgeSamples,
  statusUpdatedSamples,
} from './status-samples.js';
import { uptimeSamples } from './uptime-samples.js';

/** The documents the server holds in memory, as they are at the moment of asking. */
export interface ServedDocuments {
  readonly status: () => ServiceStatus | undefined;
  readonly observations: () => ObservationsDocument | undefined;
  readonly uptime: () => UptimeDocument | undefined;
  /** How old the status may be before `/healthz` answers 503, in milliseconds, as it judges now. */
  readonly staleAfterMs: () => number;
}

export interface ServerMetricsOptions {
  /** Where the metrics are registered; the metrics listener serves it. */
  readonly registry: Registry;
  readonly documents: ServedDocuments;
  /** Each component's group, from `data/components.json`. */
  readonly groups: ComponentGroups;
  /** The paths counted under their own `path` label; every other path is `other`. */
  readonly knownPaths: ReadonlySet<string>;
  readonly now?: () => Date;
}

export interface ServerMetrics {
  /** Counts one answered request by its path's label and its status code. */
  countRequest(url: string, statusCode: number): void;
}

const COMPONENT_LABELS = ['region', 'component', 'group'] as const;

/**
 * Registers the thin handler's metrics: what it serves, read from the
 * documents in memory at each scrape (the published status as a state set,
 * its age, latency, uptime, peers and votes), and its own request counts,
 * whose labels are bounded by `knownPaths` and the status codes.
 */
export function registerServerMetrics(options: ServerMetricsOptions): ServerMetrics {
  const { registry, documents, groups, knownPaths } = options;
  const now = options.now ?? (() => new Date());
  const region = () => documents.status()?.region ?? documents.uptime()?.region;
  const fromStatus = (samples: (status: ServiceStatus) => ReturnType<typeof overallStatusSamples>) => () => {
    const status = documents.status();
    return status === undefined ? [] : samples(status);
  };
  const fromObservations =
    (samples: (observations: ObservationsDocument, region: string) => ReturnType<typeof overallStatusSamples>) =>
    () => {
      const observations = documents.observations();
      const name = region();
      return observations === undefined || name === undefined ? [] : samples(observations, name);
    };

  registerSampledGauge(
    registry,
    'service_directory_component_status',
    'The published state of each component: 1 for its state, 0 for the other four.',
    [...COMPONENT_LABELS, 'status'],
    fromStatus((status) => componentStatusSamples(status, groups)),
  );
  registerSampledGauge(
    registry,
    'service_directory_status',
    'The published overall state: 1 for its state, 0 for the other four.',
    ['region', 'status'],
    fromStatus(overallStatusSamples),
  );
  registerSampledGauge(
    registry,
    'service_directory_status_age_seconds',
    'Seconds since the published status was determined (its updated_at).',
    ['region'],
    fromStatus((status) => statusAgeSamples(status, now())),
  );
  registerSampledGauge(
    registry,
    'service_directory_status_stale_after_seconds',
    'How old the status may be before /healthz answers 503: the bound the stale alert compares the age with.',
    ['region'],
    fromStatus((status) => [{ labels: { region: status.region }, value: documents.staleAfterMs() / 1000 }]),
  );
  registerSampledGauge(
    registry,
    'service_directory_status_updated_timestamp_seconds',
    'When the published status was determined (its updated_at), in Unix seconds.',
    ['region'],
    fromStatus(statusUpdatedSamples),
  );
  registerSampledGauge(
    registry,
    'service_directory_component_check_latency_seconds',
    "The slowest check of each component in the probe's last published cycle.",
    COMPONENT_LABELS,
    fromObservations((observations, name) => latencySamples(observations, name, groups)),
  );
  registerSampledGauge(
    registry,
    'service_directory_component_uptime_ratio',
    'Uptime of each component over the window, from 0 to 1, over the minutes with data.',
    [...COMPONENT_LABELS, 'window'],
    () => {
      const uptime = documents.uptime();
      return uptime === undefined ? [] : uptimeSamples(uptime, groups);
    },
  );
  registerSampledGauge(
    registry,
    'service_directory_peer_observations',
    "How each peer's observations arrived in the last cycle: 1 for its outcome, 0 for the others.",
    ['region', 'peer', 'outcome'],
    fromObservations(peerSamples),
  );
  registerSampledGauge(
    registry,
    'service_directory_component_vote',
    'How the vote on each global component went in the last cycle: 1 for its outcome, 0 for the others.',
    [...COMPONENT_LABELS, 'outcome'],
    fromObservations((observations, name) => voteOutcomeSamples(observations, name, groups)),
  );
  for (const count of VOTE_COUNTS) {
    registerSampledGauge(
      registry,
      `service_directory_component_vote_${count}`,
      `The vote on each global component in the last cycle: vantage points ${VOTE_COUNT_HELP[count]}.`,
      COMPONENT_LABELS,
      fromObservations((observations, name) => voteCountSamples(observations, name, groups, count)),
    );
  }

  const requests = new Counter({
    name: 'service_directory_http_requests_total',
    help: 'Requests the public listener answered, by path (unknown paths as "other") and status code.',
    labelNames: ['path', 'code'],
    registers: [registry],
  });
  return {
    countRequest(url, statusCode) {
      requests.inc({ path: labelRequestPath(url, knownPaths), code: String(statusCode) });
    },
  };
}

const VOTE_COUNT_HELP: Readonly<Record<(typeof VOTE_COUNTS)[number], string>> = {
  configured: 'configured (this region and its peers)',
  quorum: 'needed for a quorum',
  answered: 'whose fresh observation counted',
  outage: 'that saw an outage',
};
