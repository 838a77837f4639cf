import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/**
 * How a loopback server listens: over TLS with `tls` (a key and certificate,
 * from test-certificates.ts), and on `port` where a test kept one free to play
 * a peer that was down until now (0, any free port, by default).
 */
export interface LoopbackServerOptions {
  readonly tls?: { readonly key: string; readonly cert: string };
  readonly port?: number;
}

/** A Node HTTP(S) server on 127.0.0.1, answering with the handler it was given. */
export interface LoopbackServer {
  readonly port: number;
  /** `http://127.0.0.1:PORT` (`https:` over TLS), without a trailing slash. */
  readonly origin: string;
  /** Stops listening and ends every open connection, in flight or idle, so that nothing is left to wait for. */
  close(): Promise<void>;
}

/**
 * The one way a test serves HTTP of its own (a peer, a component, a receiver,
 * a deployment) rather than our server, which `startTestServer` runs: a
 * handler on 127.0.0.1, port 0 unless given.
 */
export async function startLoopbackServer(
  handler: RequestListener,
  { tls, port = 0 }: LoopbackServerOptions = {},
): Promise<LoopbackServer> {
  const server = tls === undefined ? createHttpServer(handler) : createHttpsServer(tls, handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    origin: `${tls === undefined ? 'http' : 'https'}://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A starter of loopback servers, each closed after the test that started it:
 * call it at the top of a file or a `describe` (it registers the `afterEach`).
 */
export function useLoopbackServers(): (
  handler: RequestListener,
  options?: LoopbackServerOptions,
) => Promise<LoopbackServer> {
  const started: LoopbackServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.close()));
  });
  return async (handler, options) => {
    const server = await startLoopbackServer(handler, options);
    started.push(server);
    return server;
  };
}
