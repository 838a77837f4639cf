import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { describeIoError } from '../errors/describe-error.js';
import { quoteForLog } from '../errors/quote-for-log.js';
import { listenForRequests } from '../io/listen-for-requests.js';
import type { ProbeLog } from '../log/probe-log.js';
import { writeHeartbeat } from './heartbeat-files.js';
import { PUSH_METHODS, parsePush } from './parse-push.js';
import type { PushTarget } from './push-targets.js';
import { createRateLimiter, type RateLimit } from './rate-limiter.js';
import { createRefusalLog } from './refusal-log.js';

/** A push's body is not read for anything: a few KB is all a job's `curl -d` sends. */
export const MAX_PUSH_BODY_BYTES = 4 * 1024;
/** Per client address: a burst of 30 pushes, then 2 a second. */
export const PUSH_RATE_LIMIT: RateLimit = { burst: 30, perSecond: 2 };
/** A push is one short request: anything slower is cut. */
const TIMEOUT_MS = 10_000;

/** How a push ended, as the metrics count it. */
export const PUSH_OUTCOMES = ['success', 'failure', 'unauthorized', 'rate_limited', 'refused', 'error'] as const;
export type PushOutcome = (typeof PUSH_OUTCOMES)[number];

export interface PushListenerOptions {
  readonly targets: readonly PushTarget[];
  /** The probe's state directory (shared by replicas): pushes are recorded under `heartbeats/` there. */
  readonly stateDir: string;
  readonly port: number;
  readonly host: string;
  /** A certificate and key (PEM) for HTTPS; left out, plain HTTP. */
  readonly tls?: { readonly cert: string; readonly key: string } | undefined;
  readonly log: ProbeLog;
  readonly now?: () => Date;
  /** Told how each request ended (the probe's metrics). */
  readonly observe?: ((outcome: PushOutcome) => void) | undefined;
  readonly rateLimit?: RateLimit;
}

export interface PushListener {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The heartbeat components' listener, apart from the public server (as the
 * metrics' is): `POST` or `GET /heartbeat/{slug}` with `Authorization:
 * Bearer TOKEN` records a push (`parsePush`) and answers 204. A wrong or
 * missing token and an unknown slug both answer 401, alike and in the same
 * time (tokens compared as HMACs of equal length, in constant time), so a
 * client learns nothing of which slugs exist; another method 405, another
 * path 404, a body over `MAX_PUSH_BODY_BYTES` 413, a client past its
 * allowance 429 with `Retry-After`. Every refusal is logged, a few lines a
 * minute at most per client and reason; no token ever is.
 */
export async function startPushListener(options: PushListenerOptions): Promise<PushListener> {
  const { stateDir, log, observe } = options;
  const now = options.now ?? (() => new Date());
  const limiter = createRateLimiter(options.rateLimit ?? PUSH_RATE_LIMIT);
  const refusals = createRefusalLog(log);
  // Tokens are compared as HMACs under a key of this process: equal lengths, whatever was sent.
  const key = randomBytes(32);
  const digest = (token: string) => createHmac('sha256', key).update(token).digest();
  const bySlug = new Map(options.targets.map((target) => [target.slug, digest(target.token)]));
  const unknownSlug = digest(randomBytes(32).toString('hex'));

  function answer(response: ServerResponse, status: number, headers: Record<string, string> = {}, text = ''): void {
    response.writeHead(status, {
      'Cache-Control': 'no-store',
      ...headers,
      ...(text === '' ? {} : { 'Content-Type': 'text/plain; charset=utf-8' }),
    });
    response.end(text === '' ? undefined : `${text}\n`);
  }

  function refuse(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    why: string,
    outcome: PushOutcome,
    headers: Record<string, string> = {},
  ): void {
    observe?.(outcome);
    refusals.refused(
      request.socket.remoteAddress ?? 'unknown',
      status,
      `${request.method ?? '?'} ${quoteForLog(request.url ?? '', 120)}: ${why}`,
    );
    // The body of a refused request is not read: the connection goes with the answer.
    response.setHeader('Connection', 'close');
    answer(response, status, headers, `${STATUS_WORDS[status] ?? 'refused'}`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const client = request.socket.remoteAddress ?? 'unknown';
    const waitS = limiter.take(client, now().getTime());
    if (waitS > 0)
      return refuse(request, response, 429, 'too many requests from this client', 'rate_limited', {
        'Retry-After': String(waitS),
      });
    const parsed = parsePush(request.method ?? '', request.url ?? '');
    if (parsed.kind === 'not-found')
      return refuse(request, response, 404, 'not a push URL (/heartbeat/SLUG)', 'refused');
    if (parsed.kind === 'bad-method') {
      return refuse(request, response, 405, 'a push is POST (or GET)', 'refused', { Allow: PUSH_METHODS.join(', ') });
    }
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    const expected = bySlug.get(parsed.slug);
    // Compared whatever else is wrong, so that an unknown slug takes as long as a wrong token.
    const equal = timingSafeEqual(digest(presented ?? ''), expected ?? unknownSlug);
    const matches = equal && presented !== undefined && expected !== undefined;
    if (!matches) {
      const why =
        presented === undefined
          ? 'no bearer token'
          : expected === undefined
            ? 'no heartbeat component of that slug'
            : 'wrong token';
      return refuse(request, response, 401, why, 'unauthorized', { 'WWW-Authenticate': 'Bearer realm="heartbeat"' });
    }
    if (parsed.kind === 'bad-query') return refuse(request, response, 400, parsed.reason, 'refused');
    if (!(await readBodyWithin(request, MAX_PUSH_BODY_BYTES))) {
      return refuse(request, response, 413, `a body over ${MAX_PUSH_BODY_BYTES} bytes`, 'refused');
    }
    try {
      await writeHeartbeat(stateDir, parsed.slug, { atMs: now().getTime(), ok: parsed.ok, message: parsed.message });
    } catch (error) {
      observe?.('error');
      log.error(`heartbeats: could not record a push of ${parsed.slug}: ${describeIoError(error)}`);
      answer(response, 500, {}, 'could not record the push');
      return;
    }
    observe?.(parsed.ok ? 'success' : 'failure');
    answer(response, 204);
  }

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      log.error(`heartbeats: push failed: ${describeIoError(error)}`);
      if (!response.headersSent) answer(response, 500);
      else response.destroy();
    });
  };
  const limits = { headersTimeout: TIMEOUT_MS, requestTimeout: TIMEOUT_MS, keepAliveTimeout: 5_000 };
  const server: Server =
    options.tls === undefined
      ? createHttpServer(limits, listener)
      : createHttpsServer({ ...limits, cert: options.tls.cert, key: options.tls.key }, listener);
  server.on('clientError', (_error, socket) => socket.destroy());
  const origin = await listenForRequests(server, {
    port: options.port,
    host: options.host,
    scheme: options.tls === undefined ? 'http' : 'https',
    onError: (error) => log.error(`heartbeats: ${error.message}`),
  });
  return {
    url: `${origin}/heartbeat/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const STATUS_WORDS: Readonly<Record<number, string>> = {
  400: 'bad request',
  401: 'unauthorized',
  404: 'not found',
  405: 'method not allowed',
  413: 'body too large',
  429: 'too many requests',
};

/** Reads and drops a body: `false` as soon as it is past `capBytes` (announced or sent). */
async function readBodyWithin(request: IncomingMessage, capBytes: number): Promise<boolean> {
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > capBytes) return false;
  let bytes = 0;
  for await (const chunk of request) {
    bytes += (chunk as Buffer).byteLength;
    if (bytes > capBytes) return false;
  }
  return true;
}
