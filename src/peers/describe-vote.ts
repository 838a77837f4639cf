import type { VoteResult } from './vote-on-component.js';

/**
 * The vote in words, for the observations document, the page and the log:
 * `3 of 4 regions see an outage (4 answered, quorum 3): major_outage`.
 */
export function describeVote({ outcome, status, configured, quorum, votes, outageVotes }: VoteResult): string {
  if (outcome === 'maintenance') return "inside this region's maintenance window: not voted on";
  const see = `${outageVotes} of ${configured} region${configured === 1 ? '' : 's'} ${outageVotes === 1 ? 'sees' : 'see'} an outage`;
  if (outcome === 'no_quorum') {
    return `no quorum: ${votes.length} of ${configured} regions answered, ${quorum} needed (${see}); holding ${status}`;
  }
  return `${see} (${votes.length} answered, quorum ${quorum}): ${status}`;
}
