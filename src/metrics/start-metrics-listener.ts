import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { errorMessage } from '../errors/describe-error.js';
import { listenForRequests } from '../io/listen-for-requests.js';
import {
  type ConnectionLimits,
  limitConnections,
  SMALL_LISTENER_LIMITS,
  serverOptionsWithin,
} from '../listeners/connection-limits.js';

/** The one path the metrics listener answers. */
export const METRICS_PATH = '/metrics';

export interface MetricsListenerOptions {
  readonly registry: Registry;
  readonly port: number;
  readonly host: string;
  readonly log: (message: string) => void;
  /** `METRICS_CONNECTION_LIMITS` unless given. */
  readonly connectionLimits?: ConnectionLimits;
}

export interface MetricsListener {
  readonly url: string;
  close(): Promise<void>;
}

/** A scraper or two, one short request at a time: few connections, and anything slow or idle cut. */
export const METRICS_CONNECTION_LIMITS: ConnectionLimits = {
  ...SMALL_LISTENER_LIMITS,
  maxConnections: 64,
  maxPerClient: 8,
};

/**
 * The operator's listener, apart from the public one: `GET /metrics` (and
 * HEAD) in the Prometheus text format, from `registry`; anything else is a
 * plain 404 or 405. It is never behind the CDN, so it has none of the
 * public listener's headers. Its connections are held to `connectionLimits`
 * (it may listen on every address, as the StatefulSet's does).
 */
export async function startMetricsListener({
  registry,
  port,
  host,
  log,
  connectionLimits = METRICS_CONNECTION_LIMITS,
}: MetricsListenerOptions): Promise<MetricsListener> {
  const server: Server = createServer(serverOptionsWithin(connectionLimits), (request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== METRICS_PATH) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end();
      return;
    }
    registry.metrics().then(
      (text) => {
        const body = Buffer.from(text);
        response.writeHead(200, {
          'Content-Type': registry.contentType,
          'Content-Length': String(body.length),
          'Cache-Control': 'no-store',
        });
        response.end(body);
      },
      (error: unknown) => {
        log(`metrics: could not collect: ${errorMessage(error)}`);
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
      },
    );
  });
  limitConnections(server, connectionLimits);
  server.on('clientError', (_error, socket) => socket.destroy());
  const origin = await listenForRequests(server, {
    port,
    host,
    onError: (error) => log(`metrics: ${error.message}`),
  });
  return {
    url: `${origin}${METRICS_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
