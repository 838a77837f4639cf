import { describe, expect, it } from 'vitest';
import { isOutage, quorumOf, type VoteResult, voteOnComponent } from '../../../src/peers/vote-on-component.js';
import type { StatusValue } from '../../../src/schemas/status-value.js';

const OP: StatusValue = 'operational';
const MAINT: StatusValue = 'under_maintenance';
const DEGR: StatusValue = 'degraded_performance';
const PART: StatusValue = 'partial_outage';
const MAJOR: StatusValue = 'major_outage';

const PEER_CODES = ['fra1', 'lhr1', 'waw1', 'iad1', 'sin1', 'syd1'];

/** The vote with this region (ams1) seeing `own` and one fresh peer per entry of `peers`. */
function vote(
  own: StatusValue,
  peers: readonly StatusValue[],
  configured: number,
  published: StatusValue | 'nothing yet' = OP,
): VoteResult {
  return voteOnComponent({
    own: { region: 'ams1', status: own },
    peers: peers.map((status, index) => ({ region: PEER_CODES[index] ?? `p${index}`, status })),
    configured,
    published: published === 'nothing yet' ? undefined : published,
  });
}

describe('quorumOf', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 2],
    [4, 3],
    [5, 3],
    [12, 7],
  ])('of %i configured vantage points is %i', (configured, quorum) => {
    expect(quorumOf(configured)).toBe(quorum);
  });
});

describe('voteOnComponent: an outage is published only if a quorum of configured vantage points saw one', () => {
  it.each<[string, StatusValue, StatusValue[], number, StatusValue]>([
    ['3 of 3 see a major outage: major outage', MAJOR, [MAJOR, MAJOR], 3, MAJOR],
    ['2 of 3 see a major outage: major outage', OP, [MAJOR, MAJOR], 3, MAJOR],
    ['only this region sees an outage, 2 others do not: operational', MAJOR, [OP, OP], 3, OP],
    ['3 of 4 see an outage: outage', MAJOR, [MAJOR, MAJOR, OP], 4, MAJOR],
    ['2 of 4 see an outage (a tie): not enough, operational', MAJOR, [MAJOR, OP, OP], 4, OP],
    ['a quorum sees an outage, not a quorum a major one: partial outage', MAJOR, [PART, OP], 3, PART],
    ['a quorum sees a partial outage: partial outage', PART, [PART, OP], 3, PART],
    ['3 of 5 see an outage: outage', MAJOR, [MAJOR, MAJOR, OP, OP], 5, MAJOR],
    ['a single region, configured alone, is its own quorum', MAJOR, [], 1, MAJOR],
  ])('%s', (_rule, own, peers, configured, expected) => {
    const result = vote(own, peers, configured);
    expect(result.outcome).toBe('decided');
    expect(result.status).toBe(expected);
  });
});

describe('voteOnComponent: the quorum counts configured vantage points, not those that answered', () => {
  it('holds the published state when 2 of 5 answered, both seeing an outage', () => {
    const result = vote(MAJOR, [MAJOR], 5, OP);
    expect(result).toMatchObject({ outcome: 'no_quorum', status: OP, quorum: 3, configured: 5, outageVotes: 2 });
  });

  it('holds a published outage when too few answer to confirm recovery', () => {
    expect(vote(OP, [], 3, MAJOR)).toMatchObject({ outcome: 'no_quorum', status: MAJOR });
  });

  it('publishes its own view when nothing was published yet and there is no quorum', () => {
    expect(vote(MAJOR, [], 3, 'nothing yet')).toMatchObject({ outcome: 'no_quorum', status: MAJOR });
  });

  it('publishes its own view after its maintenance window, rather than holding maintenance', () => {
    expect(vote(DEGR, [], 3, MAINT)).toMatchObject({ outcome: 'no_quorum', status: DEGR });
  });

  it('decides once exactly a quorum answered: 3 of 5, all seeing an outage', () => {
    expect(vote(MAJOR, [MAJOR, MAJOR], 5, OP)).toMatchObject({ outcome: 'decided', status: MAJOR });
  });
});

describe('voteOnComponent: states other than outages', () => {
  it.each<[string, StatusValue, StatusValue[], number, StatusValue]>([
    ['a quorum sees it slow: degraded', DEGR, [DEGR, OP], 3, DEGR],
    ['a quorum sees it slow or down, not down: degraded', DEGR, [MAJOR, OP], 3, DEGR],
    ['only one of 3 sees it slow: operational', DEGR, [OP, OP], 3, OP],
    ['a peer in its own maintenance window counts as seeing no problem', OP, [MAINT, MAINT], 3, OP],
    ['peers in maintenance cannot make an outage', MAJOR, [MAINT, MAINT], 3, OP],
  ])('%s', (_rule, own, peers, configured, expected) => {
    expect(vote(own, peers, configured).status).toBe(expected);
  });

  it("this region's maintenance window is declared, not voted on", () => {
    expect(vote(MAINT, [MAJOR, MAJOR], 3)).toMatchObject({ outcome: 'maintenance', status: MAINT });
  });
});

describe('voteOnComponent: one vote per vantage point', () => {
  it('drops a second vote from the same region and a peer claiming to be this region', () => {
    const result = voteOnComponent({
      own: { region: 'ams1', status: OP },
      peers: [
        { region: 'fra1', status: MAJOR },
        { region: 'fra1', status: MAJOR },
        { region: 'ams1', status: MAJOR },
      ],
      configured: 3,
      published: OP,
    });
    expect(result.votes).toEqual([
      { region: 'ams1', status: OP },
      { region: 'fra1', status: MAJOR },
    ]);
    expect(result).toMatchObject({ outcome: 'decided', status: OP, outageVotes: 1 });
  });

  it('reports the tally the observations document shows: "2 of 3 regions see an outage"', () => {
    expect(vote(MAJOR, [PART, OP], 3)).toMatchObject({ configured: 3, quorum: 2, outageVotes: 2 });
  });
});

describe('isOutage', () => {
  it.each<[StatusValue, boolean]>([
    [OP, false],
    [MAINT, false],
    [DEGR, false],
    [PART, true],
    [MAJOR, true],
  ])('%s: %s', (status, outage) => {
    expect(isOutage(status)).toBe(outage);
  });
});
