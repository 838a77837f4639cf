import { describe, expect, it } from 'vitest';
import type { PeerObservations } from '../../../src/peers/fetch-peer-observations.js';
import { chooseNewerObservations, keepNewestObservations } from '../../../src/peers/keep-newest-observations.js';

const NOW = new Date('2026-11-21T05:00:00Z');
const MAX_AGE_MS = 60_000;
const fresh = (observedAt: string, status: 'operational' | 'major_outage' = 'operational') =>
  ({ region: 'fra1', outcome: 'fresh', observedAt, components: new Map([['Scheduler', status]]) }) as const;

describe('chooseNewerObservations: what a vote counts of a peer', () => {
  const held = fresh('2026-11-21T04:59:50Z', 'major_outage');
  it.each<[string, PeerObservations, PeerObservations]>([
    ['a newer answer', fresh('2026-11-21T04:59:55Z'), fresh('2026-11-21T04:59:55Z')],
    ['an answer of the same cycle', fresh('2026-11-21T04:59:50Z'), fresh('2026-11-21T04:59:50Z')],
    ['an older answer, while what it said before is fresh: what it said before', fresh('2026-11-21T04:59:40Z'), held],
    [
      'an unreachable peer',
      { region: 'fra1', outcome: 'unreachable', detail: 'timeout after 2000 ms' },
      { region: 'fra1', outcome: 'unreachable', detail: 'timeout after 2000 ms' },
    ],
  ])('%s', (_name, answer, counted) => {
    expect(chooseNewerObservations(held, answer, NOW, MAX_AGE_MS)).toEqual(counted);
  });

  it('takes the answer when nothing was held, or what was held has gone stale', () => {
    const answer = fresh('2026-11-21T04:58:00Z');
    expect(chooseNewerObservations(undefined, answer, NOW, MAX_AGE_MS)).toEqual(answer);
    expect(chooseNewerObservations(fresh('2026-11-21T04:58:30Z'), answer, NOW, MAX_AGE_MS)).toEqual(answer);
  });

  it('takes an older answer when what was held is from this clock’s future: the peer’s clock was stepped back', () => {
    const answer = fresh('2026-11-21T04:59:58Z');
    expect(chooseNewerObservations(fresh('2026-11-21T06:00:00Z'), answer, NOW, MAX_AGE_MS)).toEqual(answer);
  });
});

describe('keepNewestObservations', () => {
  it('remembers each peer’s newest fresh observations from one cycle to the next', async () => {
    const answers: PeerObservations[][] = [
      [fresh('2026-11-21T04:59:50Z', 'major_outage')],
      [fresh('2026-11-21T04:59:40Z')],
      [fresh('2026-11-21T04:59:55Z')],
    ];
    const fetchPeers = keepNewestObservations(async () => answers.shift() ?? []);
    const options = { timeoutMs: 1_000, maxAgeMs: MAX_AGE_MS, now: () => NOW };
    const counted = [];
    for (let cycle = 0; cycle < 3; cycle += 1) counted.push(...(await fetchPeers([], options)));
    expect(counted.map((peer) => ('observedAt' in peer ? peer.observedAt : undefined))).toEqual([
      '2026-11-21T04:59:50Z',
      '2026-11-21T04:59:50Z',
      '2026-11-21T04:59:55Z',
    ]);
  });
});
