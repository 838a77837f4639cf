import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type { Server, Socket } from 'node:net';

/**
 * What one listener lets its clients hold: so that no one who can connect
 * exhausts the process's descriptors or memory, and nothing idle or
 * half-open outlives a few seconds. The public server has its own, larger
 * limits (`ServerLimits`); these are for the small listeners beside it
 * (pushes, metrics, subscriptions).
 */
export interface ConnectionLimits {
  /** Connections open at once; past it, the oldest open one is closed for each new one. */
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
 * connection from its first byte, before any TLS handshake: a connection
 * past `maxPerClient` from one address is closed at once; past
 * `maxConnections` in all, the oldest open connection is closed to make
 * room, so that clients holding many idle connections from many addresses
 * cannot keep a job's short request out, only make room for it; an HTTP
 * connection silent for `idleMs` is closed, unless a request of it is
 * being answered. A refused connection costs a
 * descriptor for a moment only.
 */
export function limitConnections(server: Server | HttpServer, limits: ConnectionLimits): void {
  if ('timeout' in server) {
    server.timeout = limits.idleMs;
    // A request being answered is not idle (a slow disk under a push): its deadline is `requestMs`, not `idleMs`.
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      request.socket.setTimeout(0);
      response.once('close', () => {
        if (!request.socket.destroyed) request.socket.setTimeout(limits.idleMs);
      });
    });
  }
  // In the order they came: the first is the oldest.
  const all = new Set<Socket>();
  const byClient = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const client = socket.remoteAddress;
    const count = client === undefined ? limits.maxPerClient : (byClient.get(client) ?? 0);
    if (client === undefined || count >= limits.maxPerClient) {
      socket.destroy();
      return;
    }
    if (all.size >= limits.maxConnections) all.values().next().value?.destroy();
    all.add(socket);
    byClient.set(client, count + 1);
    socket.once('close', () => {
      all.delete(socket);
      const left = (byClient.get(client) ?? 1) - 1;
      if (left === 0) byClient.delete(client);
      else byClient.set(client, left);
    });
  });
}
