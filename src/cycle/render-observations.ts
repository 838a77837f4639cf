import type { CheckResult } from '../checks/check-endpoint.js';
import type { CertificateWarning } from '../checks/judge-certificate.js';
import { classifyFailure } from '../outbound/classify-failure.js';
import { describeVote } from '../peers/describe-vote.js';
import type { PeerObservations } from '../peers/fetch-peer-observations.js';
import type { VoteResult } from '../peers/vote-on-component.js';
import type { ObservationsDocument, PeerReport, Scope } from '../schemas/observations.js';
import { formatTimestamp } from '../schemas/service-status.js';
import type { StatusValue } from '../schemas/status-value.js';

/** What this region saw of one component, and the vote if it is global. */
export interface ObservedComponent {
  readonly name: string;
  readonly scope: Scope;
  /** This region's own observed state, before the vote and thresholds. */
  readonly observed: StatusValue;
  readonly results: readonly CheckResult[];
  readonly vote: VoteResult | undefined;
  /** The certificate of its checks that expires first within its `min_certificate_days`, if any. */
  readonly certificateWarning?: CertificateWarning | undefined;
}

export interface ObservationsInput {
  readonly regionCode: string;
  /** When the cycle's own checks finished. */
  readonly observedAt: Date;
  readonly components: readonly ObservedComponent[];
  readonly peers: readonly PeerObservations[];
}

/**
 * The `/api/v1/observations` document. A peer's components are shown only
 * where this region has a component of that name, so a peer cannot add
 * components here even for display.
 */
export function renderObservations({
  regionCode,
  observedAt,
  components,
  peers,
}: ObservationsInput): ObservationsDocument {
  const names = new Set(components.map((component) => component.name));
  return {
    version: 'v1',
    region: regionCode,
    observed_at: formatTimestamp(observedAt),
    components: components.map(({ name, scope, observed, results, vote, certificateWarning }) => {
      const failed = results.find((result) => !result.ok && result.error !== undefined);
      const expiries = results.flatMap((result) =>
        result.certificate === undefined ? [] : [result.certificate.earliestExpiresAtMs],
      );
      return {
        name,
        scope,
        status: observed,
        failure_class: failed?.error === undefined ? null : classifyFailure(failed.error),
        failure_reason: failed?.error ?? null,
        certificate_expires_at: expiries.length === 0 ? null : formatTimestamp(new Date(Math.min(...expiries))),
        certificate_warning: certificateWarning?.reason ?? null,
        latency_ms: Math.max(0, ...results.map((result) => Math.round(result.latency_ms))),
        vote:
          vote === undefined
            ? null
            : {
                outcome: vote.outcome,
                status: vote.status,
                configured: vote.configured,
                quorum: vote.quorum,
                answered: vote.votes.length,
                outage: vote.outageVotes,
                summary: describeVote(vote),
                votes: vote.votes.map(({ region, status }) => ({ region, status })),
              },
      };
    }),
    peers: peers.map(
      (peer): PeerReport => ({
        region: peer.region,
        outcome: peer.outcome,
        observed_at: 'observedAt' in peer ? peer.observedAt : null,
        components:
          peer.outcome === 'fresh'
            ? [...peer.components].filter(([name]) => names.has(name)).map(([name, status]) => ({ name, status }))
            : [],
      }),
    ),
  };
}

/** The document's bytes: compact JSON with a trailing newline. */
export function serializeObservations(observations: ObservationsDocument): string {
  return `${JSON.stringify(observations)}\n`;
}
