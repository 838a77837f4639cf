import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, isIPv6 } from 'node:net';
import { errorMessage } from '../errors/describe-error.js';
import { type Answer, handleSubscriptionRequest, type SubscriptionService } from './handle-subscription-request.js';

/** A sign-up is one short request: anything slower is cut. */
const TIMEOUT_MS = 10_000;
/** Connections open at once at most: a public listener must not run out of descriptors for anyone. */
const MAX_CONNECTIONS = 1_000;

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
    { headersTimeout: TIMEOUT_MS, requestTimeout: TIMEOUT_MS, keepAliveTimeout: 5_000, maxHeaderSize: 16 * 1024 },
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
  server.maxConnections = MAX_CONNECTIONS;
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      server.on('error', (error) => service.log.error(`mail subscribers: ${error.message}`));
      resolve();
    });
  });
  const { address, port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${isIPv6(address) ? `[${address}]` : address}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
