import { createSocket, type Socket } from 'node:dgram';
import { type Answer, decode, encode } from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/checks/run-check.js';
import { classifyFailure } from '../../../src/outbound/classify-failure.js';
import { type Dnsmasq, hasDnsmasq, startDnsmasq } from '../../helpers/dnsmasq.js';
import { waitFor } from '../../helpers/test-server.js';

const dnsCheck = (url: string, expectAnswer?: string[]) =>
  runCheck({ kind: 'dns', url, timeoutMs: 2000, expectStatus: undefined, ...(expectAnswer ? { expectAnswer } : {}) });

/** How many sockets of a kind this process holds open. */
const openHandles = (kind: 'UDPWRAP' | 'TCPWRAP') =>
  process.getActiveResourcesInfo().filter((resource) => resource === kind).length;

/** A record of the name and address a hostile server offers as the answer the check expects. */
const offered = (name: string): Answer => ({ name, type: 'A', class: 'IN', ttl: 60, data: '10.0.0.66' });

type Reply = (query: ReturnType<typeof decode>, bytes: Buffer) => Buffer;

/** What a hostile name server sends back to a query for `registry.test` A, each expecting 10.0.0.66 to be judged. */
const HOSTILE: readonly [string, Reply, string][] = [
  [
    "another name's records under the question asked",
    (query) =>
      encode({ type: 'response', id: query.id, questions: query.questions, answers: [offered('elsewhere.test')] }),
    'answer holds no A records for the name asked (1 for other names ignored)',
  ],
  [
    'a reply to another question',
    (query) =>
      encode({
        type: 'response',
        id: query.id,
        questions: [{ name: 'elsewhere.test', type: 'A', class: 'IN' }],
        answers: [offered('elsewhere.test')],
      }),
    'answer to another question: "elsewhere.test" A',
  ],
  [
    'a packet that is no response (QR clear)',
    (query) => encode({ type: 'query', id: query.id, questions: query.questions, answers: [offered('registry.test')] }),
    'answer is no response: its QR bit is clear',
  ],
  [
    'a reply with another id',
    (query) =>
      encode({
        type: 'response',
        id: ((query.id ?? 0) + 1) % 0x10000,
        questions: query.questions,
        answers: [offered('registry.test')],
      }),
    'answer to another query: id ',
  ],
  ['garbage', () => Buffer.from('\u0000\u0001 not a DNS message at all'), 'answer unreadable: '],
];

describe('a dns check against a hostile name server (UDP on loopback)', () => {
  let server: Socket;
  let reply: Reply = () => Buffer.alloc(0);
  let at = '';
  beforeAll(async () => {
    server = createSocket('udp4');
    server.on('message', (bytes, from) => {
      server.send(reply(decode(bytes), bytes), from.port, from.address);
    });
    await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
    at = `dns://127.0.0.1:${server.address().port}/registry.test`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('passes an honest reply from the same server, so the failures below are the replies', async () => {
    reply = (query) =>
      encode({ type: 'response', id: query.id, questions: query.questions, answers: [offered('registry.test')] });
    expect(await dnsCheck(at, ['10.0.0.66'])).toMatchObject({ ok: true });
  });

  it.each(HOSTILE)('fails %s at once, saying so, and leaves no socket', async (_what, hostile, reason) => {
    const before = openHandles('UDPWRAP');
    reply = hostile;
    const result = await dnsCheck(at, ['10.0.0.66']);
    expect(result.ok).toBe(false);
    expect(result.error?.startsWith(reason)).toBe(true);
    expect(classifyFailure(result.error ?? 'refused')).toBe('body');
    expect(result.latency_ms).toBeLessThan(1000);
    await waitFor(async () => openHandles('UDPWRAP') === before);
    expect(openHandles('UDPWRAP')).toBe(before);
  });

  it('leaves no socket after many checks of every kind of reply', async () => {
    const before = openHandles('UDPWRAP');
    for (let round = 0; round < 20; round += 1) {
      for (const [, hostile] of HOSTILE) {
        reply = hostile;
        expect((await dnsCheck(at, ['10.0.0.66'])).ok).toBe(false);
      }
    }
    await waitFor(async () => openHandles('UDPWRAP') === before);
  });
});

describe.skipIf(!hasDnsmasq())('a dns check of records behind a CNAME and past 512 bytes (dnsmasq)', () => {
  let dns: Dnsmasq;
  const many = Array.from({ length: 60 }, (_, index) => `10.0.1.${index + 1} big.test`);
  beforeAll(async () => {
    dns = await startDnsmasq({
      hosts: ['10.0.0.1 registry.test', ...many],
      flags: ['--cname=alias.test,registry.test'],
    });
  });
  afterAll(() => dns?.stop());

  it('passes the address of the name a CNAME leads to', async () => {
    expect(await dnsCheck(`dns://${dns.server}/alias.test`, ['10.0.0.1'])).toMatchObject({ ok: true });
  });

  it('asks again over TCP when the reply over UDP is truncated, and closes both sockets', async () => {
    const udp = openHandles('UDPWRAP');
    const tcp = openHandles('TCPWRAP');
    const result = await dnsCheck(`dns://${dns.server}/big.test`, ['10.0.1.1', '10.0.1.60']);
    expect(result).toMatchObject({ ok: true });
    await waitFor(async () => openHandles('UDPWRAP') === udp && openHandles('TCPWRAP') === tcp);
  });
});
