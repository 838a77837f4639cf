import { rankStatus, STATUS_VALUES, type StatusValue } from '../schemas/status-value.js';

/** What one vantage point (a region's probe) observed of a component, before any thresholds. */
export interface Vote {
  /** The region code of the vantage point. */
  readonly region: string;
  readonly status: StatusValue;
}

export interface VoteInput {
  /** This region's own observation, from this cycle's checks. */
  readonly own: Vote;
  /** The fresh peers' observations of the same component; stale, future or missing ones are left out. */
  readonly peers: readonly Vote[];
  /** Vantage points configured: this region plus every configured peer, whether it answered or not. */
  readonly configured: number;
  /** What this region publishes for the component now; `undefined` before its first publication. */
  readonly published: StatusValue | undefined;
}

/** How the vote went; `status` is what goes on to flapping protection. */
export interface VoteResult {
  readonly status: StatusValue;
  /**
   * `decided`: a quorum of vantage points voted. `no_quorum`: fewer fresh
   * vantage points than a quorum, so the published state holds (or, before
   * anything was published, this region's own view).
   * `maintenance`: this region's own maintenance window, which is declared, not voted on.
   */
  readonly outcome: 'decided' | 'no_quorum' | 'maintenance';
  readonly configured: number;
  /** A majority of the configured vantage points: `floor(configured / 2) + 1`. */
  readonly quorum: number;
  /** The vantage points whose vote counted (this region first), one per region. */
  readonly votes: readonly Vote[];
  /** How many of the votes saw an outage (`partial_outage` or `major_outage`). */
  readonly outageVotes: number;
}

/** A majority of `configured` vantage points. */
export function quorumOf(configured: number): number {
  return Math.floor(configured / 2) + 1;
}

/** Whether a state is an outage: the states that need a quorum before they are published. */
export function isOutage(status: StatusValue): boolean {
  return status === 'partial_outage' || status === 'major_outage';
}

/**
 * The vote on one global component. The rules, in order:
 *
 * 1. This region's own maintenance window wins: maintenance is declared in
 *    the config, not measured, so there is nothing to vote on.
 * 2. One vote per vantage point: this region's, then each fresh peer's
 *    (a second vote from the same region, or one claiming to be this region, is dropped).
 * 3. The quorum is a majority of the **configured** vantage points, not of
 *    those that answered. With fewer votes than a quorum, the published state
 *    holds (`no_quorum`); before anything was published there is nothing to
 *    hold (nor after a maintenance window of this region's), and this region's
 *    own view is published, as a probe without peers does: inventing
 *    `operational` would hide a real outage seen at start-up.
 * 4. Otherwise the result is the most severe state that at least a quorum of
 *    vantage points saw, or saw something worse than: an outage needs a
 *    quorum seeing an outage (`major_outage` a quorum seeing `major_outage`,
 *    else `partial_outage`), `degraded_performance` a quorum seeing at least
 *    that, and with fewer, `operational`. A tie is therefore never enough
 *    for the worse state. A peer's `under_maintenance` counts as seeing no
 *    problem: another region's window says nothing about this one.
 */
export function voteOnComponent({ own, peers, configured, published }: VoteInput): VoteResult {
  const quorum = quorumOf(configured);
  const votes = [own];
  for (const peer of peers) {
    if (votes.some((vote) => vote.region === peer.region)) continue;
    votes.push(peer);
  }
  const outageVotes = votes.filter((vote) => isOutage(vote.status)).length;
  const tally = { configured, quorum, votes, outageVotes };
  if (own.status === 'under_maintenance') return { status: 'under_maintenance', outcome: 'maintenance', ...tally };
  if (votes.length < quorum) {
    // A maintenance window that has just ended is over whatever the peers say; there is nothing to hold.
    const held = published === undefined || published === 'under_maintenance' ? own.status : published;
    return { status: held, outcome: 'no_quorum', ...tally };
  }
  const severities = votes.map((vote) => rankStatus(countedAs(vote.status))).sort((a, b) => b - a);
  // Sorted most severe first, the quorum-th vote is the worst state that a quorum saw or exceeded.
  const status = STATUS_VALUES[severities[quorum - 1] ?? 0] ?? 'operational';
  return { status, outcome: 'decided', ...tally };
}

function countedAs(status: StatusValue): StatusValue {
  return status === 'under_maintenance' ? 'operational' : status;
}
