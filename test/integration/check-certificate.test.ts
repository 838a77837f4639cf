import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkEndpoint } from '../../src/checks/check-endpoint.js';
import { createTestCa, type TestCa } from '../helpers/test-certificates.js';

const DAY_MS = 24 * 60 * 60 * 1000;
let ca: TestCa;
const servers: Server[] = [];
beforeAll(async () => {
  ca = await createTestCa();
});
afterAll(() => ca.remove());
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** An https server on loopback that answers 200, presenting the given leaf. */
async function serveTls(leaf: { key: string; cert: string }): Promise<number> {
  const server = createServer(leaf, (_request, response) => response.end('ok'));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const check = (url: string, ca: string | undefined) =>
  checkEndpoint({ url, timeoutMs: 5000, expectStatus: undefined, ...(ca === undefined ? {} : { ca }) });

describe('checkEndpoint over TLS', () => {
  it('records when the served leaf and chain expire, trusting the CA of the check', async () => {
    const port = await serveTls(await ca.issueLeaf({ days: 5 }));
    const result = await check(`https://127.0.0.1:${port}/`, ca.caPem);
    expect(result).toMatchObject({ ok: true, status: 200 });
    const left = (result.certificate?.leafExpiresAtMs ?? 0) - Date.now();
    expect(left).toBeGreaterThan(4 * DAY_MS);
    expect(left).toBeLessThanOrEqual(5 * DAY_MS);
    // The CA (365 days) outlives the leaf, so the leaf is the earliest of the chain.
    expect(result.certificate?.earliestExpiresAtMs).toBe(result.certificate?.leafExpiresAtMs);
  });

  it('finds a CA that expires before the leaf as the earliest of the chain', async () => {
    const shortCa = await createTestCa(10);
    try {
      const port = await serveTls(await shortCa.issueLeaf({ days: 90 }));
      const result = await check(`https://localhost:${port}/`, shortCa.caPem);
      expect(result.ok).toBe(true);
      const leafLeft = (result.certificate?.leafExpiresAtMs ?? 0) - Date.now();
      const earliestLeft = (result.certificate?.earliestExpiresAtMs ?? 0) - Date.now();
      expect(leafLeft).toBeGreaterThan(89 * DAY_MS);
      expect(earliestLeft).toBeGreaterThan(9 * DAY_MS);
      expect(earliestLeft).toBeLessThanOrEqual(10 * DAY_MS);
    } finally {
      await shortCa.remove();
    }
  });

  it.each<[string, { days: number; hosts?: string[] }, boolean]>([
    ['an expired certificate', { days: -1 }, true],
    ['a certificate for another host', { days: 90, hosts: ['other.example'] }, true],
    ['a certificate from a CA the check does not trust', { days: 90 }, false],
  ])('fails %s with failure class tls, recording no expiry', async (_name, leaf, trusted) => {
    const port = await serveTls(await ca.issueLeaf(leaf));
    const result = await check(`https://127.0.0.1:${port}/`, trusted ? ca.caPem : undefined);
    expect(result).toEqual({ ok: false, latency_ms: expect.any(Number), error: 'tls' });
  });

  it('records no certificate for plain http', async () => {
    const { createServer: createHttpServer } = await import('node:http');
    const server = createHttpServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const result = await check(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, ca.caPem);
      expect(result).toEqual({ ok: true, status: 200, latency_ms: expect.any(Number) });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
