import type { ObservationsDocument, PeerReport, VoteReport } from '../schemas/observations.js';
import { type Sample, stateSet } from './state-set.js';
import { type ComponentGroups, componentLabels } from './status-samples.js';

/** How a peer's observations can arrive, in the observations document's words. */
export const PEER_OUTCOMES = [
  'fresh',
  'stale',
  'future',
  'unreachable',
  'invalid',
] as const satisfies readonly PeerReport['outcome'][];

/** How a vote on a global component can go. */
export const VOTE_OUTCOMES = [
  'decided',
  'no_quorum',
  'maintenance',
] as const satisfies readonly VoteReport['outcome'][];

/** The vote's counts, each its own gauge. */
export const VOTE_COUNTS = ['configured', 'quorum', 'answered', 'outage'] as const;
export type VoteCount = (typeof VOTE_COUNTS)[number];

/**
 * `service_directory_component_check_latency_seconds`: the slowest check of
 * each component in the probe's last cycle, as the observations document
 * publishes it. `region` is the region's name, to match the status series.
 */
export function latencySamples(observations: ObservationsDocument, region: string, groups: ComponentGroups): Sample[] {
  return observations.components.map((component) => ({
    labels: componentLabels(region, component.name, groups),
    value: component.latency_ms / 1000,
  }));
}

/** `service_directory_peer_observations`: how each peer's observations arrived, as a state set. */
export function peerSamples(observations: ObservationsDocument, region: string): Sample[] {
  return observations.peers.flatMap((peer) =>
    stateSet({ region, peer: peer.region }, 'outcome', peer.outcome, PEER_OUTCOMES),
  );
}

/** `service_directory_component_vote`: how the vote on each global component went, as a state set. */
export function voteOutcomeSamples(
  observations: ObservationsDocument,
  region: string,
  groups: ComponentGroups,
): Sample[] {
  return observations.components.flatMap((component) =>
    component.vote === null
      ? []
      : stateSet(componentLabels(region, component.name, groups), 'outcome', component.vote.outcome, VOTE_OUTCOMES),
  );
}

/** `service_directory_component_vote_<count>`: one of the vote's counts for each global component. */
export function voteCountSamples(
  observations: ObservationsDocument,
  region: string,
  groups: ComponentGroups,
  count: VoteCount,
): Sample[] {
  return observations.components.flatMap((component) =>
    component.vote === null
      ? []
      : [{ labels: componentLabels(region, component.name, groups), value: component.vote[count] }],
  );
}
