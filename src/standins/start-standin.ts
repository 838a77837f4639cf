import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenForRequests } from '../io/listen-for-requests.js';
import { sendJson } from './send-json.js';
import type { StandinMode } from './standin-mode.js';

/** How long `slow` waits: over the default `degraded_ms` (1000), well under the default timeout (5000). */
export const DEFAULT_SLOW_MS = 1_500;
/** `huge` stops here even if nobody hangs up, so a stand-in cannot fill a pipe forever. */
export const DEFAULT_HUGE_BODY_BYTES = 256 * 1024 * 1024;
const HUGE_CHUNK = Buffer.alloc(64 * 1024, 'x');

export interface StandinOptions {
  /** The component it stands in for, e.g. `Scheduler`. */
  readonly name: string;
  readonly host?: string;
  /** 0 picks a free port; the port is kept across `refusing`. */
  readonly port?: number;
  readonly mode?: StandinMode;
  /** What `healthy` answers: 200, or 401 for a registry that wants credentials. */
  readonly healthyStatus?: number;
  readonly slowMs?: number | undefined;
  /** How much `huge` sends before it ends the body. */
  readonly hugeBodyBytes?: number;
}

export interface Standin {
  readonly name: string;
  readonly port: number;
  /** `http://host:port`, no trailing slash. */
  readonly origin: string;
  readonly mode: StandinMode;
  /** Switches behaviour; into or out of `refusing` it stops or resumes listening. */
  setMode(mode: StandinMode): Promise<void>;
  close(): Promise<void>;
}

/**
 * One stand-in component: a small HTTP server on loopback that answers any
 * path according to its current mode. Not a real component; it lets the
 * probe, its tests and a newcomer see every outcome on one machine.
 */
export async function startStandin(options: StandinOptions): Promise<Standin> {
  const host = options.host ?? '127.0.0.1';
  const healthyStatus = options.healthyStatus ?? 200;
  const slowMs = options.slowMs ?? DEFAULT_SLOW_MS;
  let mode: StandinMode = options.mode ?? 'healthy';
  let listening = false;

  const server = createServer((request, response) => respond(request, response));
  // A stand-in serves loopback probes; nothing needs keep-alive, and `close()` should be quick.
  server.keepAliveTimeout = 1_000;

  function send(response: ServerResponse, status: number, body: object, extra: Record<string, string> = {}): void {
    sendJson(response, status, { standin: options.name, ...body }, extra);
  }

  function sendHealthy(response: ServerResponse): void {
    if (healthyStatus === 401) {
      send(
        response,
        401,
        { errors: [{ code: 'UNAUTHORIZED', message: 'authentication required' }] },
        {
          'WWW-Authenticate': 'Bearer realm="stand-in"',
        },
      );
    } else send(response, healthyStatus, { status: 'ok' });
  }

  function respond(request: IncomingMessage, response: ServerResponse): void {
    request.resume();
    switch (mode) {
      case 'healthy':
      case 'refusing':
        sendHealthy(response);
        return;
      case 'slow': {
        const timer = setTimeout(() => sendHealthy(response), slowMs);
        response.once('close', () => clearTimeout(timer));
        return;
      }
      case 'failing':
        send(response, 503, { status: 'failing' });
        return;
      case 'hanging':
        return;
      case 'reset':
        response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(1024 * 1024) });
        response.write(Buffer.alloc(1024, ' '), () => response.socket?.resetAndDestroy());
        return;
      case 'huge':
        void streamHugeBody(response, options.hugeBodyBytes ?? DEFAULT_HUGE_BODY_BYTES);
        return;
      case 'redirect':
        send(response, 302, { status: 'moved' }, { Location: '/moved' });
        return;
    }
  }

  async function listen(port: number): Promise<string> {
    const origin = await listenForRequests(server, { port, host });
    listening = true;
    return origin;
  }

  async function stopListening(): Promise<void> {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  const port = Number(new URL(await listen(options.port ?? 0)).port);
  if (mode === 'refusing') await stopListening();

  return {
    name: options.name,
    port,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    get mode() {
      return mode;
    },
    async setMode(next) {
      mode = next;
      if (next === 'refusing') await stopListening();
      else if (!listening) await listen(port);
    },
    close: stopListening,
  };
}

/** Writes chunk after chunk, waiting for the reader, until it hangs up or the limit is reached. */
async function streamHugeBody(response: ServerResponse, limitBytes: number): Promise<void> {
  response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
  let sent = 0;
  while (!response.destroyed && sent < limitBytes) {
    sent += HUGE_CHUNK.length;
    if (!response.write(HUGE_CHUNK)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off('drain', done);
          response.off('close', done);
          resolve();
        };
        response.on('drain', done);
        response.on('close', done);
      });
    }
  }
  if (!response.destroyed) response.end();
}
