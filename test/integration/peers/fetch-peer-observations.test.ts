import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  fetchPeerObservations,
  fetchPeersObservations,
  MAX_PEER_DOCUMENT_BYTES,
} from '../../../src/peers/fetch-peer-observations.js';
import { useLoopbackServers } from '../../helpers/loopback-server.js';
import { sampleObservations } from '../../helpers/observations-fixture.js';
import { unusedPort } from '../../helpers/unused-port.js';

const NOW = new Date('2026-11-21T04:38:00Z');
const OPTIONS = { timeoutMs: 500, maxAgeMs: 3_000, now: () => NOW };

const loopback = useLoopbackServers();

/** A peer origin on loopback port 0 that answers every request with `answer`. */
async function peerAnswering(answer: RequestListener): Promise<string> {
  return `${(await loopback(answer)).origin}/api/v1/observations`;
}

const json = (body: unknown) => (_request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

describe('fetchPeerObservations', () => {
  it('keeps a fresh document of the configured region, with what it observed per component', async () => {
    const url = await peerAnswering(json(sampleObservations({ region: 'fra1', observed_at: '2026-11-21T04:37:58Z' })));
    const result = await fetchPeerObservations({ region: 'fra1', url }, OPTIONS);
    expect(result).toMatchObject({ region: 'fra1', outcome: 'fresh', observedAt: '2026-11-21T04:37:58Z' });
    if (result.outcome !== 'fresh') throw new Error('not fresh');
    expect([...result.components]).toEqual([
      ['Control API', 'major_outage'],
      ['Registry', 'operational'],
    ]);
  });

  it.each<[string, (request: IncomingMessage, response: ServerResponse) => void, string, RegExp]>([
    [
      'older than three intervals',
      json(sampleObservations({ region: 'fra1', observed_at: '2026-11-21T04:37:50Z' })),
      'stale',
      /observed at 2026-11-21T04:37:50Z, 10 s ago, older than 3 s/,
    ],
    [
      'from the future past the skew allowance',
      json(sampleObservations({ region: 'fra1', observed_at: '2026-11-21T05:38:00Z' })),
      'future',
      /3600 s ahead of this clock/,
    ],
    [
      'from another region than configured',
      json(sampleObservations({ region: 'lhr1', observed_at: '2026-11-21T04:37:59Z' })),
      'invalid',
      /claims to be region "lhr1", configured as fra1/,
    ],
    [
      'garbage',
      (_request, response) => response.writeHead(200).end('<html>hello</html>'),
      'invalid',
      /is not valid JSON/,
    ],
    [
      'JSON of another shape',
      json({ status: 'operational', version: 'v1' }),
      'invalid',
      /region is required|components is required|observed_at is required/,
    ],
    [
      'a body past the size cap',
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(Buffer.alloc(MAX_PEER_DOCUMENT_BYTES + 1, ' '));
      },
      'invalid',
      /larger than 262144 bytes/,
    ],
    ['a 503', (_request, response) => response.writeHead(503).end('{}'), 'unreachable', /status 503/],
    [
      'a redirect, which is not followed',
      (_request, response) => response.writeHead(302, { location: 'http://127.0.0.1:1/' }).end(),
      'unreachable',
      /status 302/,
    ],
    ['no answer at all', () => {}, 'unreachable', /timeout after 500 ms/],
    [
      'headers, then a body that never ends',
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"version":"v1",');
      },
      'unreachable',
      /timeout after 500 ms/,
    ],
  ])('rejects a peer answering %s', async (_name, answer, outcome, detail) => {
    const url = await peerAnswering(answer);
    const result = await fetchPeerObservations({ region: 'fra1', url }, OPTIONS);
    expect(result.outcome).toBe(outcome);
    expect('detail' in result ? result.detail : '').toMatch(detail);
  });

  it('reports a refused connection as unreachable', async () => {
    const url = `http://127.0.0.1:${await unusedPort()}/api/v1/observations`;
    expect(await fetchPeerObservations({ region: 'fra1', url }, OPTIONS)).toMatchObject({
      outcome: 'unreachable',
      detail: expect.stringMatching(/: refused$/),
    });
  });

  it('never logs credentials or a query from a peer URL', async () => {
    const base = await peerAnswering((_request, response) => response.writeHead(500).end());
    const url = base.replace('http://', 'http://user:s3cret@').concat('?token=abc');
    const result = await fetchPeerObservations({ region: 'fra1', url }, OPTIONS);
    expect(JSON.stringify(result)).not.toMatch(/s3cret|token|abc/);
  });
});

describe('fetchPeersObservations', () => {
  it('asks every peer at once, so hanging peers cost one timeout, not one each', async () => {
    const hanging = await Promise.all([1, 2, 3, 4].map(() => peerAnswering(() => {})));
    const good = await peerAnswering(json(sampleObservations({ region: 'fra1', observed_at: '2026-11-21T04:37:59Z' })));
    const started = performance.now();
    const results = await fetchPeersObservations(
      [{ region: 'fra1', url: good }, ...hanging.map((url, index) => ({ region: `ham${index + 1}`, url }))],
      { ...OPTIONS, timeoutMs: 1_000 },
    );
    const elapsedMs = performance.now() - started;
    expect(results.map((result) => result.outcome)).toEqual(['fresh', ...hanging.map(() => 'unreachable')]);
    // Four hanging peers in a row would take 4 s; at once, about 1 s. The margin is for a loaded machine.
    expect(elapsedMs).toBeLessThan(3_500);
  });

  it('stops at once when the cycle is aborted', async () => {
    const url = await peerAnswering(() => {});
    const controller = new AbortController();
    const pending = fetchPeersObservations([{ region: 'fra1', url }], {
      ...OPTIONS,
      timeoutMs: 30_000,
      signal: controller.signal,
    });
    controller.abort(new Error('probe stopping'));
    expect((await pending)[0]?.outcome).toBe('unreachable');
  });
});
