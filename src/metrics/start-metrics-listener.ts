import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { errorMessage } from '../errors/describe-error.js';
import { listenForRequests } from '../io/listen-for-requests.js';

/** The one path the metrics listener answers. */
export const METRICS_PATH = '/metrics';

export interface MetricsListenerOptions {
  readonly registry: Registry;
  readonly port: number;
  readonly host: string;
  readonly log: (message: string) => void;
}

export interface MetricsListener {
  readonly url: string;
  close(): Promise<void>;
}

/** A listener's own limits: a scraper sends one short request at a time, so anything slow is cut. */
const TIMEOUT_MS = 10_000;

/**
 * The operator's listener, apart from the public one: `GET /metrics` (and
 * HEAD) in the Prometheus text format, from `registry`; anything else is a
 * plain 404 or 405. It is never behind the CDN, so it has none of the
 * public listener's headers.
 */
export async function startMetricsListener({
  registry,
  port,
  host,
  log,
}: MetricsListenerOptions): Promise<MetricsListener> {
  const server: Server = createServer(
    { headersTimeout: TIMEOUT_MS, requestTimeout: TIMEOUT_MS, keepAliveTimeout: 5_000 },
    (request, response) => {
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
    },
  );
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
