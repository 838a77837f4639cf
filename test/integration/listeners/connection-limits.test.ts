import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ConnectionLimits,
  limitConnections,
  serverOptionsWithin,
} from '../../../src/listeners/connection-limits.js';
import { closeAll, type IdleConnection, openIdleConnections } from '../../helpers/idle-connections.js';
import { createTestCa } from '../../helpers/test-certificates.js';
import { waitFor } from '../../helpers/test-server.js';

const LIMITS: ConnectionLimits = {
  maxConnections: 9,
  maxPerClient: 4,
  idleMs: 400,
  handshakeMs: 400,
  requestMs: 1_000,
};

let server: Server | undefined;
let held: IdleConnection[] = [];
afterEach(async () => {
  closeAll(held);
  held = [];
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server?.closeAllConnections();
  server = undefined;
});

async function listen(created: Server): Promise<number> {
  server = created;
  limitConnections(created, LIMITS);
  await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve));
  return (created.address() as AddressInfo).port;
}

const openCount = (connections: readonly IdleConnection[]) => connections.filter((c) => !c.closed()).length;

describe('limitConnections', () => {
  it('closes the connections of one client past its share at once, keeping the others', async () => {
    const port = await listen(createHttpServer(serverOptionsWithin(LIMITS), (_q, r) => r.end()));
    const one = await openIdleConnections(port, 7, '127.0.0.2');
    held = one;
    await waitFor(async () => openCount(one) === LIMITS.maxPerClient, 2_000);
    // Another client is not held to the first one's share.
    const other = await openIdleConnections(port, 3, '127.0.0.3');
    held = [...one, ...other];
    expect(openCount(other)).toBe(3);
  });

  it('closes connections past the listener cap, whatever their address', async () => {
    const port = await listen(createHttpServer(serverOptionsWithin(LIMITS), (_q, r) => r.end()));
    for (let client = 10; client < 16; client += 1)
      held.push(...(await openIdleConnections(port, 3, `127.0.1.${client}`)));
    await waitFor(async () => openCount(held) === LIMITS.maxConnections, 2_000);
  });

  it('closes an idle plain connection within its idle limit, not tens of seconds', async () => {
    const port = await listen(createHttpServer(serverOptionsWithin(LIMITS), (_q, r) => r.end()));
    held = await openIdleConnections(port, 3, '127.0.0.4');
    const tookMs = await waitFor(async () => openCount(held) === 0, 5_000);
    expect(tookMs).toBeLessThan(LIMITS.idleMs + 1_500);
  });

  it('never takes a request being answered, however slowly, for an idle connection', async () => {
    const port = await listen(
      createHttpServer(serverOptionsWithin(LIMITS), (_q, r) => {
        setTimeout(() => r.end('done'), LIMITS.idleMs * 2);
      }),
    );
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe('done');
  });

  it('cuts a TLS connection that never finishes its handshake within the handshake limit', async () => {
    const ca = await createTestCa();
    try {
      const tls = await ca.issueLeaf({ days: 30 });
      const port = await listen(
        createHttpsServer({ ...serverOptionsWithin(LIMITS), cert: tls.cert, key: tls.key }, (_q, r) => r.end()),
      );
      held = await openIdleConnections(port, 3, '127.0.0.5');
      const tookMs = await waitFor(async () => openCount(held) === 0, 5_000);
      expect(tookMs).toBeLessThan(LIMITS.handshakeMs + 1_500);
    } finally {
      await ca.remove();
    }
  });
});
