import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckContext as CheckEndpointOptions } from '../../../src/checks/check-context.js';
import { runCheck as checkConnection, runCheck } from '../../../src/checks/run-check.js';
import { neverAnsweringResolver, type Stall, startUnacceptingListener } from '../../helpers/stalls.js';
import { unusedPort } from '../../helpers/unused-port.js';

const servers: Server[] = [];
const stalls: Stall[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  await Promise.all(stalls.splice(0).map((stall) => stall.close()));
});

/** A TCP server on loopback that counts the bytes each connection sends and waits for it to close. */
async function listen(): Promise<{ port: number; connections: Promise<number>[] }> {
  const connections: Promise<number>[] = [];
  const server = createServer((socket: Socket) => {
    let bytes = 0;
    socket.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
    socket.on('error', () => {});
    connections.push(once(socket, 'close').then(() => bytes));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, connections };
}

const check = (url: string, timeoutMs = 2000, options: CheckEndpointOptions = {}) =>
  checkConnection({ kind: 'tcp', url, timeoutMs, expectStatus: undefined }, options);

describe('checkConnection', () => {
  it('succeeds when the connection is accepted, sends nothing and closes at once', async () => {
    const { port, connections } = await listen();
    const result = await check(`tcp://127.0.0.1:${port}`);
    expect(result).toEqual({ ok: true, latency_ms: expect.any(Number) });
    expect(connections).toHaveLength(1);
    expect(await connections[0]).toBe(0);
  });

  it('names a refused connection on a closed port', async () => {
    expect(await check(`tcp://127.0.0.1:${await unusedPort()}`)).toEqual({
      ok: false,
      latency_ms: expect.any(Number),
      error: 'refused',
    });
  });

  it('times out at timeout_ms on a listener that never accepts (SYNs dropped), naming the connect phase', async () => {
    const stall = await startUnacceptingListener();
    stalls.push(stall);
    const started = performance.now();
    const result = await check(`tcp://127.0.0.1:${stall.port}`, 800);
    expect(result).toEqual({ ok: false, latency_ms: expect.any(Number), error: 'timeout', phase: 'connect' });
    expect(result.latency_ms).toBeGreaterThanOrEqual(750);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('names a host that does not resolve', async () => {
    expect(await check('tcp://no-such-database.invalid:5432', 5000)).toMatchObject({ ok: false, error: 'dns' });
  });

  it('times out at timeout_ms on a resolver that never answers, naming the dns phase', async () => {
    const result = await check('tcp://database.test:5432', 400, { resolveHost: neverAnsweringResolver });
    expect(result).toEqual({ ok: false, latency_ms: expect.any(Number), error: 'timeout', phase: 'dns' });
  });

  it('resolves the name with the resolver the HTTP check uses', async () => {
    const { port } = await listen();
    const asked: string[] = [];
    const result = await check(`tcp://database.test:${port}`, 2000, {
      resolveHost: async (hostname) => {
        asked.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(result).toEqual({ ok: true, latency_ms: expect.any(Number) });
    expect(asked).toEqual(['database.test']);
  });

  it('ends at once, as a failure, when aborted from outside', async () => {
    const stall = await startUnacceptingListener();
    stalls.push(stall);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('shutdown')), 100);
    const result = await check(`tcp://127.0.0.1:${stall.port}`, 10_000, { signal: controller.signal });
    expect(result.ok).toBe(false);
    expect(result.latency_ms).toBeLessThan(5000);
  });
});

describe('runCheck', () => {
  it('connects for a tcp URL and requests for an http one', async () => {
    const { port, connections } = await listen();
    expect(
      await runCheck({ kind: 'tcp', url: `tcp://127.0.0.1:${port}`, timeoutMs: 2000, expectStatus: undefined }),
    ).toEqual({
      ok: true,
      latency_ms: expect.any(Number),
    });
    expect(await connections[0]).toBe(0);
    // The same listener, asked over http, never answers: the HTTP check waits for headers it never gets.
    expect(
      await runCheck({ kind: 'http', url: `http://127.0.0.1:${port}/`, timeoutMs: 300, expectStatus: undefined }),
    ).toMatchObject({
      ok: false,
      error: 'timeout',
      phase: 'headers',
    });
    expect(await connections[1]).toBeGreaterThan(0);
  });
});
