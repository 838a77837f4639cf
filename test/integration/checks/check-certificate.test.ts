import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck as checkEndpoint } from '../../../src/checks/run-check.js';
import { useLoopbackServers } from '../../helpers/loopback-server.js';
import { createTestCa, type TestCa } from '../../helpers/test-certificates.js';

const DAY_MS = 24 * 60 * 60 * 1000;
let ca: TestCa;
const loopback = useLoopbackServers();
beforeAll(async () => {
  ca = await createTestCa();
});
afterAll(() => ca.remove());

/** An https server on loopback that answers 200, presenting the given leaf. */
async function serveTls(leaf: { key: string; cert: string }): Promise<number> {
  return (await loopback((_request, response) => response.end('ok'), { tls: leaf })).port;
}

const check = (url: string, ca: string | undefined) =>
  checkEndpoint({ kind: 'http', url, timeoutMs: 5000, expectStatus: undefined, ...(ca === undefined ? {} : { ca }) });

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
    const { origin } = await loopback((_request, response) => response.end('ok'));
    const result = await check(`${origin}/`, ca.caPem);
    expect(result).toEqual({ ok: true, status: 200, latency_ms: expect.any(Number) });
  });
});
