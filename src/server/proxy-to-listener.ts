import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { sendError } from './send-error.js';

/**
 * `npm start` only: requests under `prefix` (the subscription endpoint's
 * path) go to a listener of the probe on loopback, as a reverse proxy in
 * front of a real deployment routes them; everything else stays the static
 * handler's. `target()` is the listener's origin once it listens.
 */
export interface ProxyRoute {
  readonly prefix: string;
  readonly target: () => string | undefined;
}

/** Headers that describe one hop, not the request (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
]);

/** Whether `url` (a request target) is the prefix or under it. Pure. */
export function isUnderPrefix(url: string, prefix: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Passes the request to the route's listener and its answer back, the
 * client's address in `X-Forwarded-For` (replacing any the client sent: this
 * server is the edge). A listener that is not there yet or fails is a 503.
 */
export function proxyToListener(route: ProxyRoute, request: IncomingMessage, response: ServerResponse): void {
  const target = route.target();
  const fail = () => {
    if (response.headersSent) response.destroy();
    else sendError(response, 'service_unavailable', 'the subscription endpoint is not answering');
  };
  if (target === undefined) {
    request.resume();
    fail();
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'x-forwarded-for') headers[name] = value;
  }
  headers['x-forwarded-for'] = request.socket.remoteAddress ?? 'unknown';
  headers['x-forwarded-proto'] = 'http';
  const upstream = httpRequest(`${target}${request.url ?? '/'}`, { method: request.method, headers }, (answer) => {
    const back: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) back[name] = value;
    }
    response.writeHead(answer.statusCode ?? 502, back);
    answer.pipe(response);
    answer.on('error', () => response.destroy());
  });
  upstream.on('error', fail);
  request.on('error', () => upstream.destroy());
  response.on('close', () => upstream.destroy());
  request.pipe(upstream);
}
