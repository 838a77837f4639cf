import { request } from 'node:http';
import { request as requestOverTls } from 'node:https';
import { describe, expect, it } from 'vitest';
import { startLoopbackServer } from './loopback-server.js';
import { createTestCa } from './test-certificates.js';

describe('startLoopbackServer', () => {
  it('serves its handler on 127.0.0.1 at the port it names', async () => {
    const server = await startLoopbackServer((_request, response) => response.end('pong'));
    try {
      expect(server.origin).toBe(`http://127.0.0.1:${server.port}`);
      expect(server.port).toBeGreaterThan(0);
      await expect((await fetch(`${server.origin}/ping`)).text()).resolves.toBe('pong');
    } finally {
      await server.close();
    }
  });

  it('closes with a request still unanswered, ending its connection', async () => {
    let arrived = () => {};
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = await startLoopbackServer(() => arrived());
    const ended = new Promise<string>((resolve) => {
      const pending = request(`${server.origin}/hangs`);
      pending.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      pending.end();
    });
    await reached;
    await server.close();
    await expect(ended).resolves.toBe('ECONNRESET');
  });

  it('serves over TLS with the certificate it is given', async () => {
    const ca = await createTestCa();
    const server = await startLoopbackServer((_request, response) => response.end('secure'), {
      tls: await ca.issueLeaf({ days: 1 }),
    });
    try {
      expect(server.origin).toBe(`https://127.0.0.1:${server.port}`);
      const body = await new Promise<string>((resolve, reject) => {
        const get = requestOverTls(`${server.origin}/`, { ca: ca.caPem }, (response) => {
          response.setEncoding('utf8');
          let text = '';
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve(text));
        });
        get.on('error', reject);
        get.end();
      });
      expect(body).toBe('secure');
    } finally {
      await server.close();
      await ca.remove();
    }
  });

  it('refuses a port that is taken, naming it', async () => {
    const first = await startLoopbackServer(() => {});
    try {
      await expect(startLoopbackServer(() => {}, { port: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
