import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { describeIoError } from '../errors/describe-error.js';
import { listenForRequests } from '../io/listen-for-requests.js';
import {
  type ConnectionLimits,
  limitConnections,
  SMALL_LISTENER_LIMITS,
  serverOptionsWithin,
} from '../listeners/connection-limits.js';
import type { ListenerRoute, RefuseRequest } from '../listeners/listener-route.js';
import { readRequestBody } from '../listeners/read-request-body.js';
import type { ProbeLog } from '../log/probe-log.js';
import { describePushRequest } from './describe-push-request.js';
import { writeHeartbeat } from './heartbeat-files.js';
import { PUSH_METHODS, parsePush } from './parse-push.js';
import type { PushTarget } from './push-targets.js';
import { createRateLimiter, type RateLimit } from './rate-limiter.js';
import { createRefusalLog } from './refusal-log.js';

/** A push's body is not read for anything: a few KB is all a job's `curl -d` sends. */
export const MAX_PUSH_BODY_BYTES = 4 * 1024;
/** Refused requests per client address, and per slug whatever the address: a burst of 30, then 2 a second. */
export const PUSH_RATE_LIMIT: RateLimit = { burst: 30, perSecond: 2 };

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
  /** `SMALL_LISTENER_LIMITS` unless given. */
  readonly connectionLimits?: ConnectionLimits;
  /** Other paths it answers, under their own tokens (the alerts' receiver); its refusals are limited alike. */
  readonly routes?: readonly ListenerRoute[];
}

export interface PushListener {
  /** `ORIGIN/heartbeat/`: where pushes go. */
  readonly url: string;
  /** `http://host:port`, no trailing slash: where the `routes` are too. */
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * The heartbeat components' listener, apart from the public server (as the
 * metrics' is): `POST` or `GET /heartbeat/{slug}` with `Authorization:
 * Bearer TOKEN` records a push (`parsePush`) and answers 204. A wrong or
 * missing token and an unknown slug both answer 401, alike and in the same
 * time (tokens compared as HMACs of equal length, in constant time), so a
 * client learns nothing of which slugs exist; another method 405, another
 * path 404, a body over `MAX_PUSH_BODY_BYTES` 413. Only refusals are
 * limited: a client address, or a slug, past its allowance of them is
 * answered 429 with `Retry-After` instead; a push with the right token is
 * never refused for anyone's mistakes, its own host's included. A path
 * under one of `routes` is that route's to answer. Every
 * refusal is logged, a few lines a minute at most per client and reason
 * and in all; no token ever is, nor a path or query value that may be one.
 * Connections are held to `connectionLimits`.
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
  const knownSlugs: ReadonlySet<string> = new Set(bySlug.keys());
  const clients = new WeakMap<IncomingMessage, string>();
  const clientOf = (request: IncomingMessage) => clients.get(request) ?? 'unknown';

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
      clientOf(request),
      status,
      `${describePushRequest(request.method ?? '?', request.url ?? '', knownSlugs)}: ${why}`,
    );
    // The body of a refused request is not read: the connection goes with the answer.
    response.setHeader('Connection', 'close');
    answer(response, status, headers, `${STATUS_WORDS[status] ?? 'refused'}`);
  }

  /**
   * A refusal, counted against the client's allowance of refusals and the
   * slug's (whoever sent it); past either, answered 429 instead.
   */
  function refuseWithin(
    request: IncomingMessage,
    response: ServerResponse,
    slug: string | undefined,
    ...refusal: [status: number, why: string, outcome: PushOutcome, headers?: Record<string, string>]
  ): void {
    const atMs = now().getTime();
    const byClient = limiter.take(`client ${clientOf(request)}`, atMs);
    const bySlugWait = slug === undefined ? 0 : limiter.take(`slug ${slug}`, atMs);
    const waitS = Math.max(byClient, bySlugWait);
    if (waitS === 0) {
      refuse(request, response, ...refusal);
      return;
    }
    const whose = byClient > 0 ? 'this client' : 'this slug';
    refuse(request, response, 429, `too many refused requests from ${whose}`, 'rate_limited', {
      'Retry-After': String(waitS),
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const route = options.routes?.find(({ prefix }) => (request.url ?? '').startsWith(prefix));
    if (route !== undefined) {
      const refuseRoute: RefuseRequest = ({ status, why, outcome, limited, key, headers }) =>
        limited
          ? refuseWithin(request, response, key, status, why, outcome, headers)
          : refuse(request, response, status, why, outcome, headers);
      return route.handle(request, response, refuseRoute);
    }
    const parsed = parsePush(request.method ?? '', request.url ?? '');
    if (parsed.kind === 'not-found')
      return refuseWithin(request, response, undefined, 404, 'not a push URL (/heartbeat/SLUG)', 'refused');
    if (parsed.kind === 'bad-method') {
      return refuseWithin(request, response, undefined, 405, 'a push is POST (or GET)', 'refused', {
        Allow: PUSH_METHODS.join(', '),
      });
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
      return refuseWithin(request, response, parsed.slug, 401, why, 'unauthorized', {
        'WWW-Authenticate': 'Bearer realm="heartbeat"',
      });
    }
    // The right token from here on: refused for its own request's fault only, never rate-limited.
    if (parsed.kind === 'bad-query') return refuse(request, response, 400, parsed.reason, 'refused');
    if ((await readRequestBody(request, MAX_PUSH_BODY_BYTES)) === undefined) {
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
    // Taken now: once the connection is gone, Node no longer says whose it was.
    clients.set(request, request.socket.remoteAddress ?? 'unknown');
    handle(request, response).catch((error: unknown) => {
      observe?.('error');
      refusals.refused(clientOf(request), 500, `push failed: ${describeIoError(error)}`);
      if (!response.headersSent) answer(response, 500);
      else response.destroy();
    });
  };
  const connectionLimits = options.connectionLimits ?? SMALL_LISTENER_LIMITS;
  const server: Server =
    options.tls === undefined
      ? createHttpServer(serverOptionsWithin(connectionLimits), listener)
      : createHttpsServer(
          { ...serverOptionsWithin(connectionLimits), cert: options.tls.cert, key: options.tls.key },
          listener,
        );
  limitConnections(server, connectionLimits);
  server.on('clientError', (_error, socket) => socket.destroy());
  const origin = await listenForRequests(server, {
    port: options.port,
    host: options.host,
    scheme: options.tls === undefined ? 'http' : 'https',
    onError: (error) => log.error(`heartbeats: ${error.message}`),
  });
  return {
    url: `${origin}/heartbeat/`,
    origin,
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
