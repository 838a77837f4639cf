import { judgeFreshness } from '../freshness/judge-freshness.js';
import { isOlderThanHeld } from '../freshness/keep-newer.js';
import type { FetchPeersOptions, PeerObservations } from './fetch-peer-observations.js';
import type { PeerSettings } from './peer-settings.js';

/** A peer's observations that a vote counts. */
type FreshObservations = Extract<PeerObservations, { readonly outcome: 'fresh' }>;

/** How a cycle fetches its peers' observations (`fetchPeersObservations`). */
export type FetchPeers = (peers: readonly PeerSettings[], options: FetchPeersOptions) => Promise<PeerObservations[]>;

/**
 * Of a peer's answer and the newest observations already received from
 * it, what a vote counts: an answer observed before those (from a writer
 * that lost its lease and wrote late, or a server behind the same address
 * that has not caught up) is set aside for them while they are still fresh
 * (`isOlderThanHeld`, the rule the server keeps too). Pure.
 */
export function chooseNewerObservations(
  held: FreshObservations | undefined,
  answer: PeerObservations,
  now: Date,
  maxAgeMs: number,
): PeerObservations {
  if (held === undefined || !('observedAt' in answer) || !isOlderThanHeld(answer.observedAt, held.observedAt, now)) {
    return answer;
  }
  return judgeFreshness(held.observedAt, now, maxAgeMs).kind === 'fresh' ? held : answer;
}

/**
 * `fetchPeers`, remembering each region's newest fresh observations from
 * one cycle to the next and counting them rather than an older answer
 * (`chooseNewerObservations`).
 */
export function keepNewestObservations(fetchPeers: FetchPeers): FetchPeers {
  const newest = new Map<string, FreshObservations>();
  return async (peers, options) => {
    const answers = await fetchPeers(peers, options);
    const now = options.now?.() ?? new Date();
    return answers.map((answer) => {
      const chosen = chooseNewerObservations(newest.get(answer.region), answer, now, options.maxAgeMs);
      if (chosen.outcome === 'fresh') newest.set(chosen.region, chosen);
      return chosen;
    });
  };
}
