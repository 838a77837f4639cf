import type { RequestListener } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/checks/check-endpoint.js';
import { runCheck as checkEndpoint } from '../../../src/checks/run-check.js';
import { PROBE_USER_AGENT } from '../../../src/outbound/probe-user-agent.js';
import { useLoopbackServers } from '../../helpers/loopback-server.js';
import {
  neverAnsweringResolver,
  type Stall,
  startSilentListener,
  startUnacceptingListener,
} from '../../helpers/stalls.js';
import { useStandins } from '../../helpers/standins.js';

const standin = useStandins();
const loopback = useLoopbackServers();
const stalls: Stall[] = [];
afterEach(async () => {
  await Promise.all(stalls.splice(0).map((stall) => stall.close()));
});

/** A bare server for the cases a stand-in does not cover. */
async function serve(handler: RequestListener): Promise<string> {
  return (await loopback(handler)).origin;
}

const check = (url: string, extra: { timeoutMs?: number; expectStatus?: number[] } = {}) =>
  checkEndpoint({ kind: 'http', url, timeoutMs: extra.timeoutMs ?? 2000, expectStatus: extra.expectStatus });

describe('checkEndpoint', () => {
  it('succeeds on a 200', async () => {
    const { origin } = await standin({ mode: 'healthy' });
    const result = await check(`${origin}/healthz`);
    expect(result).toEqual({ ok: true, status: 200, latency_ms: expect.any(Number) });
    expect(result.latency_ms).toBeLessThan(2000);
  });

  it('fails on a 503, naming the status', async () => {
    const { origin } = await standin({ mode: 'failing' });
    expect(await check(`${origin}/healthz`)).toEqual({
      ok: false,
      status: 503,
      latency_ms: expect.any(Number),
      error: 'unexpected status 503',
    });
  });

  it('succeeds on a 401 that is expected', async () => {
    const { origin } = await standin({ healthyStatus: 401 });
    expect(await check(`${origin}/v2/`, { expectStatus: [200, 401] })).toMatchObject({ ok: true, status: 401 });
  });

  it('fails on a 401 when only 2xx is expected', async () => {
    const { origin } = await standin({ healthyStatus: 401 });
    expect(await check(`${origin}/v2/`)).toMatchObject({ ok: false, status: 401, error: 'unexpected status 401' });
  });

  it('fails on a 200 that is not in expect_status', async () => {
    const { origin } = await standin({ mode: 'healthy' });
    expect(await check(`${origin}/`, { expectStatus: [204] })).toMatchObject({ ok: false, status: 200 });
  });

  it('measures a slow answer, which still succeeds', async () => {
    const { origin } = await standin({ mode: 'slow', slowMs: 300 });
    const result = await check(`${origin}/healthz`);
    expect(result.ok).toBe(true);
    expect(result.latency_ms).toBeGreaterThanOrEqual(290);
  });

  it('times out on a component that never answers, at about timeout_ms', async () => {
    const { origin } = await standin({ mode: 'hanging' });
    const result = await check(`${origin}/healthz`, { timeoutMs: 300 });
    expect(result).toEqual({ ok: false, latency_ms: expect.any(Number), error: 'timeout', phase: 'headers' });
    expect(result.latency_ms).toBeGreaterThanOrEqual(290);
    expect(result.latency_ms).toBeLessThan(1500);
  });

  it('counts the body against the timeout: headers in time, body stalled, is a timeout', async () => {
    const origin = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Length': '100' });
      response.write('partial');
    });
    const result = await check(`${origin}/`, { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, error: 'timeout', phase: 'body' });
  });

  // Margins are generous for a loaded machine; undici's own connect timeout, the old bound, is 10 s.
  it('times out at timeout_ms on a listener that never accepts (SYNs dropped), naming the connect phase', async () => {
    const stall = await startUnacceptingListener();
    stalls.push(stall);
    const started = performance.now();
    const result = await check(`http://127.0.0.1:${stall.port}/healthz`, { timeoutMs: 1500 });
    expect(result).toEqual({ ok: false, latency_ms: expect.any(Number), error: 'timeout', phase: 'connect' });
    expect(result.latency_ms).toBeGreaterThanOrEqual(1450);
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('times out at timeout_ms on a TLS handshake that never completes, naming the tls phase', async () => {
    const stall = await startSilentListener();
    stalls.push(stall);
    const started = performance.now();
    const result = await check(`https://127.0.0.1:${stall.port}/healthz`, { timeoutMs: 500 });
    expect(result).toEqual({ ok: false, latency_ms: expect.any(Number), error: 'timeout', phase: 'tls' });
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('times out at timeout_ms on a resolver that never answers, naming the dns phase', async () => {
    const started = performance.now();
    const result = await checkEndpoint(
      { kind: 'http', url: 'http://component.test/healthz', timeoutMs: 500, expectStatus: undefined },
      { resolveHost: neverAnsweringResolver },
    );
    expect(result).toEqual({ ok: false, latency_ms: expect.any(Number), error: 'timeout', phase: 'dns' });
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('uses the injected resolver to find the host', async () => {
    const { port } = await standin({ mode: 'healthy' });
    const asked: string[] = [];
    const result = await checkEndpoint(
      { kind: 'http', url: `http://component.test:${port}/healthz`, timeoutMs: 2000, expectStatus: undefined },
      {
        resolveHost: async (hostname) => {
          asked.push(hostname);
          return [{ address: '127.0.0.1', family: 4 }];
        },
      },
    );
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(asked).toEqual(['component.test']);
  });

  it('accepts a 100 Continue before the final response', async () => {
    // Unasked for: the probe sends no `Expect: 100-continue`, and the answer comes anyway.
    const origin = await serve((_request, response) => {
      response.writeContinue();
      response.writeHead(200, { 'content-length': '2', connection: 'close' }).end('ok');
    });
    const result = await check(`${origin}/healthz`);
    expect(result).toEqual({ ok: true, status: 200, latency_ms: expect.any(Number) });
  });

  it('names a refused connection', async () => {
    const { origin } = await standin({ mode: 'refusing' });
    expect(await check(`${origin}/healthz`)).toMatchObject({ ok: false, error: 'refused' });
  });

  it('names a host that does not resolve', async () => {
    expect(await check('http://no-such-component.invalid/healthz', { timeoutMs: 5000 })).toMatchObject({
      ok: false,
      error: 'dns',
    });
  });

  it('names a connection reset in the middle of the body', async () => {
    const { origin } = await standin({ mode: 'reset' });
    expect(await check(`${origin}/healthz`)).toMatchObject({ ok: false, error: 'reset' });
  });

  it('names a TLS failure', async () => {
    const { origin } = await standin({ mode: 'healthy' });
    expect(await check(`${origin.replace('http:', 'https:')}/healthz`)).toMatchObject({ ok: false, error: 'tls' });
  });

  it('reads no more of a huge body than the cap, so an endless body is no timeout', async () => {
    // Far more than the probe could read within the timeout: only a capped reader succeeds.
    const { origin } = await standin({ mode: 'huge', hugeBodyBytes: 1024 * MAX_BODY_BYTES * 1024 });
    const result = await check(`${origin}/healthz`, { timeoutMs: 3000 });
    expect(result).toMatchObject({ ok: true, status: 200 });
  });

  it('does not follow a redirect: a 302 is an unexpected status', async () => {
    const { origin } = await standin({ mode: 'redirect' });
    expect(await check(`${origin}/healthz`)).toMatchObject({ ok: false, status: 302, error: 'unexpected status 302' });
  });

  it('accepts a redirect that is listed in expect_status', async () => {
    const { origin } = await standin({ mode: 'redirect' });
    expect(await check(`${origin}/healthz`, { expectStatus: [302] })).toMatchObject({ ok: true, status: 302 });
  });

  it('opens a fresh connection for every check and says who it is', async () => {
    const seen: { connection: string | undefined; agent: string | undefined; port: number | undefined }[] = [];
    const origin = await serve((request, response) => {
      seen.push({
        connection: request.headers.connection,
        agent: request.headers['user-agent'],
        port: request.socket.remotePort,
      });
      response.end('ok');
    });
    await check(`${origin}/`);
    await check(`${origin}/`);
    expect(seen.map(({ connection, agent }) => ({ connection, agent }))).toEqual([
      { connection: 'close', agent: PROBE_USER_AGENT },
      { connection: 'close', agent: PROBE_USER_AGENT },
    ]);
    expect(seen[0]?.port).not.toBe(seen[1]?.port);
  });

  it('sends credentials written into the URL as Basic authentication, not in the request line', async () => {
    const seen: { authorization: string | undefined; url: string | undefined }[] = [];
    const origin = await serve((request, response) => {
      seen.push({ authorization: request.headers.authorization, url: request.url });
      response.end('ok');
    });
    const result = await check(`${origin.replace('http://', 'http://probe:s%40cret@')}/healthz?token=abc`);
    expect(result.ok).toBe(true);
    expect(seen).toEqual([
      { authorization: `Basic ${Buffer.from('probe:s@cret').toString('base64')}`, url: '/healthz?token=abc' },
    ]);
  });

  it('ends at once, as a failure, when aborted from outside', async () => {
    const { origin } = await standin({ mode: 'hanging' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('shutdown')), 100);
    const result = await checkEndpoint(
      { kind: 'http', url: `${origin}/`, timeoutMs: 10_000, expectStatus: undefined },
      { signal: controller.signal },
    );
    expect(result.ok).toBe(false);
    expect(result.latency_ms).toBeLessThan(5000);
  });
});
