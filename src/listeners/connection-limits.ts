import type { Server as HttpServer } from 'node:http';
import type { Server } from 'node:net';

/**
 * What one listener lets its clients hold: so that no one who can connect
 * exhausts the process's descriptors or memory, and nothing idle or
 * half-open outlives a few seconds. The public server has its own, larger
 * limits (`ServerLimits`); these are for the small listeners beside it
 * (pushes, metrics, subscriptions).
 */
export interface ConnectionLimits {
  /** Connections open at once; past it, new ones are closed as they arrive. */
  readonly maxConnections: number;
  /** Connections open at once from one client address. */
  readonly maxPerClient: number;
  /** A connection silent this long (none of its bytes either way) is closed, mid-request or between requests. */
  readonly idleMs: number;
  /** A TLS handshake not done within this is cut (Node's default is 120 s). */
  readonly handshakeMs: number;
  /** A request's headers, and the whole request, must arrive within this. */
  readonly requestMs: number;
}

/** For a listener that answers a few short requests (a job's push, a scrape): seconds, never minutes. */
export const SMALL_LISTENER_LIMITS: ConnectionLimits = {
  maxConnections: 512,
  maxPerClient: 32,
  idleMs: 5_000,
  handshakeMs: 5_000,
  requestMs: 10_000,
};

/** How often Node looks for requests past their deadline: the deadlines hold to within this. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * The options to create an HTTP or HTTPS server with under `limits`:
 * `createServer({ ...serverOptionsWithin(limits), cert, key }, handler)`,
 * then `limitConnections(server, limits)`.
 */
export function serverOptionsWithin(limits: ConnectionLimits) {
  return {
    headersTimeout: limits.requestMs,
    requestTimeout: limits.requestMs,
    keepAliveTimeout: Math.min(5_000, limits.idleMs),
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    handshakeTimeout: limits.handshakeMs,
  } as const;
}

/**
 * Holds `server` (HTTP, HTTPS or plain TCP) to `limits`, counting every
 * connection from its first byte, before any TLS handshake: past
 * `maxConnections` in all, or `maxPerClient` from one address, a new
 * connection is closed at once, so it costs a descriptor for a moment
 * only; an HTTP connection silent for `idleMs` is closed.
 */
export function limitConnections(server: Server | HttpServer, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
  if ('timeout' in server) server.timeout = limits.idleMs;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const client = socket.remoteAddress;
    const count = client === undefined ? limits.maxPerClient : (open.get(client) ?? 0);
    if (client === undefined || count >= limits.maxPerClient) {
      socket.destroy();
      return;
    }
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left === 0) open.delete(client);
      else open.set(client, left);
    });
  });
}
