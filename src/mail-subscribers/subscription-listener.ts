import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { errorMessage } from '../errors/describe-error.js';
import { listenForRequests } from '../io/listen-for-requests.js';
import {
  type ConnectionLimits,
  limitConnections,
  SMALL_LISTENER_LIMITS,
  serverOptionsWithin,
} from '../listeners/connection-limits.js';
import { type Answer, handleSubscriptionRequest, type SubscriptionService } from './handle-subscription-request.js';

/**
 * The small listeners' limits (seconds, never minutes; idle and half-open
 * connections cut), with room for a public endpoint: more connections in all,
 * and more per address, since behind a reverse proxy every visitor arrives
 * from the proxy's.
 */
export const SUBSCRIPTION_LISTENER_LIMITS: ConnectionLimits = {
  ...SMALL_LISTENER_LIMITS,
  maxConnections: 1_000,
  maxPerClient: 256,
};

export interface SubscriptionListener {
  /** Where it listens, `http://host:port`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The subscription endpoint's own listener (`probe --subscribe-port`),
 * public by design and apart from the heartbeat and metrics listeners:
 * every answer `no-store`, CORS for the page's origin alone, bodies capped,
 * slow clients cut. Nothing it logs names an address.
 */
export async function startSubscriptionListener(
  service: SubscriptionService,
  port: number,
  host: string,
): Promise<SubscriptionListener> {
  const write = (request: IncomingMessage, response: ServerResponse, answer: Answer) => {
    const origin = request.headers.origin;
    const cors: Record<string, string> =
      origin !== undefined && service.origins.has(origin)
        ? {
            'Access-Control-Allow-Origin': origin,
            'Access-Control-Allow-Methods': 'POST, OPTIONS',
            'Access-Control-Allow-Headers': 'Content-Type',
            // The page's form tells the visitor how long a 429 asks them to wait.
            'Access-Control-Expose-Headers': 'Retry-After',
            'Access-Control-Max-Age': '600',
          }
        : {};
    response.writeHead(answer.status, {
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      Vary: 'Origin',
      ...cors,
      ...answer.headers,
      ...(answer.body === '' ? {} : { 'Content-Length': String(Buffer.byteLength(answer.body)) }),
    });
    response.end(request.method === 'HEAD' ? undefined : answer.body);
  };
  const server: Server = createServer(
    { ...serverOptionsWithin(SUBSCRIPTION_LISTENER_LIMITS), maxHeaderSize: 16 * 1024 },
    (request, response) => {
      handleSubscriptionRequest(request, service)
        .then((answer) => {
          // A refused body is not read: the connection goes with the answer.
          if (answer.status === 413 || answer.status === 429) response.setHeader('Connection', 'close');
          write(request, response, answer);
        })
        .catch((error: unknown) => {
          service.log.error(`mail subscribers: a request failed: ${errorMessage(error)}`);
          if (response.headersSent) response.destroy();
          else write(request, response, { status: 500, headers: { 'Content-Type': 'text/plain' }, body: 'error\n' });
        });
    },
  );
  limitConnections(server, SUBSCRIPTION_LISTENER_LIMITS);
  server.on('clientError', (_error, socket) => socket.destroy());
  const url = await listenForRequests(server, {
    port,
    host,
    onError: (error) => service.log.error(`mail subscribers: ${error.message}`),
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
