import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { BODY_TOO_LARGE_REASON } from '../../../src/checks/check-endpoint.js';
import type { HttpCheck as EndpointCheck } from '../../../src/checks/probe-check.js';
import { runCheck as checkEndpoint } from '../../../src/checks/run-check.js';
import { classifyFailure } from '../../../src/outbound/classify-failure.js';
import { useLoopbackServers } from '../../helpers/loopback-server.js';

const loopback = useLoopbackServers();

async function serve(handler: RequestListener): Promise<string> {
  return `${(await loopback(handler)).origin}/health`;
}

/** A server that answers every request with `status` and `body`. */
const answering = (status: number, body: string, type = 'application/json') =>
  serve((_request, response) => {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  });

const DEGRADED = '{"status":"degraded","db":"down"}';

/** Streams `totalBytes` of JSON-looking filler in 64 KiB chunks, without a Content-Length, minding backpressure. */
function streamBytes(totalBytes: number, sent: { bytes: number }) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (sent.bytes < totalBytes && !response.destroyed) {
        sent.bytes += chunk.byteLength;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      response.end();
    };
    response.on('error', () => {});
    pump();
  };
}

const check = (url: string, extra: Partial<EndpointCheck> = {}) =>
  checkEndpoint({ kind: 'http', url, timeoutMs: 3000, expectStatus: undefined, ...extra });

describe('checkEndpoint with body conditions', () => {
  it('fails a 200 whose JSON body says degraded, with class body, naming the pointer and what it found', async () => {
    const url = await answering(200, DEGRADED);
    const result = await check(url, {
      expectJson: [
        { pointer: '/status', in: ['ok', 'degraded'] },
        { pointer: '/db', equals: 'up' },
      ],
    });
    expect(result).toEqual({
      ok: false,
      status: 200,
      latency_ms: expect.any(Number),
      error: 'body at "/db" is "down", expected "up"',
    });
    expect(result.error === undefined ? undefined : classifyFailure(result.error)).toBe('body');
  });

  it('succeeds when every condition holds', async () => {
    const url = await answering(200, DEGRADED);
    const result = await check(url, { expectJson: [{ pointer: '/db', equals: 'down' }], expectText: '"status"' });
    expect(result).toEqual({ ok: true, status: 200, latency_ms: expect.any(Number) });
  });

  it('fails a body that does not contain the expected text', async () => {
    const url = await answering(200, 'starting up', 'text/plain');
    expect(await check(url, { expectText: 'ready' })).toMatchObject({
      ok: false,
      status: 200,
      error: 'body does not contain "ready" (11 bytes read)',
    });
  });

  it('fails a body that is not JSON when expect_json is set', async () => {
    const url = await answering(200, '<h1>maintenance</h1>', 'text/html');
    expect(await check(url, { expectJson: [{ pointer: '/status', equals: 'ok' }] })).toMatchObject({
      ok: false,
      status: 200,
      error: 'body is not JSON (it starts "<h1>maintenance</h1>")',
    });
  });

  it('judges the status first: an unexpected status is a status failure, whatever the body', async () => {
    const url = await answering(503, '{"status":"ok"}');
    expect(await check(url, { expectJson: [{ pointer: '/status', equals: 'ok' }] })).toMatchObject({
      ok: false,
      status: 503,
      error: 'unexpected status 503',
    });
  });

  it('fails a 5 MiB streamed body with the cap reason, reading little more than the cap', async () => {
    const sent = { bytes: 0 };
    const url = await serve(streamBytes(5 * 1024 * 1024, sent));
    const result = await check(url, { expectJson: [{ pointer: '/status', equals: 'ok' }] });
    expect(result).toMatchObject({ ok: false, status: 200, error: BODY_TOO_LARGE_REASON });
    expect(BODY_TOO_LARGE_REASON).toBe('body larger than 1 MiB, not judged');
    expect(classifyFailure(BODY_TOO_LARGE_REASON)).toBe('body');
    // The server stops once the probe hangs up: far from the whole 5 MiB (socket buffers hold some).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent.bytes).toBeLessThan(4 * 1024 * 1024);
  });

  it('fails at once on a body whose Content-Length is over the cap', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(5 * 1024 * 1024) });
      response.write('{"status":');
    });
    expect(await check(url, { expectText: 'ok' })).toMatchObject({ ok: false, error: BODY_TOO_LARGE_REASON });
  });

  it('counts the body against the whole-check deadline: a stalled body is a timeout in the body phase', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"status":');
    });
    const started = performance.now();
    const result = await check(url, { timeoutMs: 400, expectJson: [{ pointer: '/status', equals: 'ok' }] });
    expect(result).toMatchObject({ ok: false, error: 'timeout', phase: 'body' });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('without conditions, does not judge the body: a degraded 200 is a success, as before', async () => {
    const url = await answering(200, DEGRADED);
    expect(await check(url)).toEqual({ ok: true, status: 200, latency_ms: expect.any(Number) });
  });
});
