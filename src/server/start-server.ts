import { mkdir, realpath } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import type { z } from 'zod';
import { API_DOCUMENTS, type DocumentPath, maxBytesOf } from '../api-documents.js';
import { documentFile, OBSERVATIONS_PATH, STATUS_MARKDOWN_PATH, STATUS_PATH, UPTIME_PATH } from '../api-paths.js';
import { judgeFreshness } from '../freshness/judge-freshness.js';
import { allowFormEndpoint } from '../headers/allow-form-endpoint.js';
import { allowInlineStyle } from '../headers/allow-inline-style.js';
import { HeadersConfigSchema } from '../headers/headers-config.js';
import { readPageStyleHash } from '../headers/read-page-style-hash.js';
import { resolveHeaders } from '../headers/resolve-headers.js';
import type { RateLimit } from '../heartbeats/rate-limiter.js';
import { displayPath } from '../io/display-path.js';
import { listenForRequests } from '../io/listen-for-requests.js';
import { readDocument } from '../io/read-document.js';
import type { ComponentGroups } from '../metrics/status-samples.js';
import { ObservationsDocumentSchema } from '../schemas/observations.js';
import { ServiceStatusSchema } from '../schemas/service-status.js';
import { type UptimeDocument, UptimeDocumentSchema } from '../schemas/uptime.js';
import { answerClientError, answerConnect, answerUnknownExpectation } from './answer-client-error.js';
import { assessHealth, DEFAULT_STALE_AFTER_MS } from './assess-health.js';
import { boundPipelining } from './bound-pipelining.js';
import { createCompressedFiles } from './compressed-files.js';
import { countedPaths } from './counted-paths.js';
import { createRequestHandler } from './create-request-handler.js';
import { FollowedDocument } from './followed-document.js';
import { createOccasionalLog } from './log-occasionally.js';
import { isUnderPrefix, type ProxyRoute, proxyToListener } from './proxy-to-listener.js';
import { chooseStaleAfterMs } from './stale-after.js';
import { createStaleStatusMarkdown } from './stale-status-markdown.js';
import { createStaticFiles } from './static-files.js';

/** Connection limits: a slow or idle client cannot hold a socket for long. */
export interface ServerLimits {
  /** Time allowed for the request line and headers to arrive. */
  readonly headersTimeoutMs: number;
  /** Time allowed for a whole request. */
  readonly requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  readonly keepAliveTimeoutMs: number;
  /** Request line plus headers; larger gets 431. */
  readonly maxHeaderSizeBytes: number;
  /** How often Node checks the two timeouts above. */
  readonly timeoutCheckIntervalMs: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderSizeBytes: 16 * 1024,
  timeoutCheckIntervalMs: 1_000,
};

export interface ServerOptions {
  readonly publicDir: string;
  readonly headersFile: string;
  readonly port: number;
  readonly host: string;
  readonly log?: (message: string) => void;
  /**
   * How old `updated_at` may be before `/healthz` answers 503, fixed
   * (`serve --stale-after`). Without it, three intervals of the probe's
   * published `interval_seconds` (`/api/v1/uptime`), else `fallbackStaleAfterMs`.
   */
  readonly staleAfterMs?: number;
  /** The bound while no uptime document is published: three intervals of the configured schedule (default 90 s). */
  readonly fallbackStaleAfterMs?: number;
  readonly limits?: Partial<ServerLimits>;
  readonly now?: (() => Date) | undefined;
  /**
   * Where to register the server's metrics (what it serves, and its request
   * counts), with each component's group; a metrics listener serves the
   * registry apart from this one. Left out, nothing is counted.
   */
  readonly metrics?: { readonly registry: Registry; readonly groups: ComponentGroups };
  /**
   * `serve --mcp`: answer MCP's streamable HTTP at `/mcp` and describe it at
   * `/.well-known/mcp.json`, the tools reading this server's public
   * directory. Left out, both paths are answered as any missing file.
   */
  readonly mcp?: { readonly rateLimit?: RateLimit; readonly maxBodyBytes?: number };
  /** `npm start` only: the subscription endpoint's path passed to the probe's listener (`ProxyRoute`). */
  readonly proxy?: ProxyRoute;
  /**
   * The email form's endpoint (components config `subscribers.endpoint`):
   * the page's Content-Security-Policy lets the form reach it (`allowFormEndpoint`).
   */
  readonly formEndpoint?: string | undefined;
}

export interface RunningServer {
  readonly server: Server;
  readonly url: string;
  /** Stops accepting, lets in-flight requests finish, then closes every socket. */
  close(): Promise<void>;
}

/**
 * Starts the thin handler. Everything that can be decided before the first
 * request is decided here: the header config is validated (a bad one throws
 * `InputError` and nothing listens), and for each document in `API_DOCUMENTS`
 * its headers are resolved and its file loaded.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((message: string) => console.error(`[serve] ${message}`));
  const headersConfig = await readDocument(options.headersFile, HeadersConfigSchema);
  await mkdir(options.publicDir, { recursive: true });
  const publicDir = await realpath(options.publicDir);
  // The page's one inline style, as the build inlined it: read once, like the form's endpoint.
  const rules = allowInlineStyle(
    allowFormEndpoint(headersConfig.headers, options.formEndpoint),
    await readPageStyleHash(publicDir),
  );

  const follow = <T, K>(path: DocumentPath, schema: z.ZodType<T>, keep: (value: T) => K, maxBytes?: number) => {
    const row = API_DOCUMENTS.find((document) => document.path === path);
    return new FollowedDocument({
      file: documentFile(publicDir, path),
      schema,
      keep,
      headers: resolveHeaders(rules, path),
      log,
      ...(maxBytes === undefined ? {} : { maxBytes }),
      optional: row?.requiredByVerify === false,
      // A version older than the one served is refused: see `isOlderThanHeld`.
      datedAt: (value: T) => row?.dated?.safeParse(value).data,
      now: options.now,
    });
  };
  const whole = <T>(value: T) => value;
  const counted = options.metrics !== undefined;
  // `/healthz` reads the status, so it is followed with its type; the table gives every other document,
  // validated and sent but not kept parsed: nothing here reads them, and a year of history parsed weighs megabytes.
  const status = follow(STATUS_PATH, ServiceStatusSchema, whole);
  // The probe's interval, so that /healthz judges staleness by what the probe says it does; the metrics read the rest.
  const uptimeSpec = API_DOCUMENTS.find(({ path }) => path === UPTIME_PATH);
  const fullUptime = counted ? follow(UPTIME_PATH, UptimeDocumentSchema, whole, uptimeSpec?.maxBytes) : undefined;
  const uptime: FollowedDocument<UptimeDocument, Pick<UptimeDocument, 'interval_seconds'>> = fullUptime ??
  follow(UPTIME_PATH, UptimeDocumentSchema, ({ interval_seconds }) => ({ interval_seconds }), uptimeSpec?.maxBytes);
  const observations = follow(OBSERVATIONS_PATH, ObservationsDocumentSchema, (value) => (counted ? value : undefined));
  const typed = new Map<string, FollowedDocument<unknown, unknown>>([
    [STATUS_PATH, status],
    [UPTIME_PATH, uptime],
    [OBSERVATIONS_PATH, observations],
  ]);
  const documents = new Map<string, FollowedDocument<unknown, unknown>>(
    API_DOCUMENTS.map(({ path, schema, maxBytes }) => [
      path,
      typed.get(path) ?? follow(path, schema, () => undefined, maxBytes),
    ]),
  );
  await Promise.all([...documents.values()].map((document) => document.start()));
  logUnpublished([...documents.values()], log);
  const fallbackStaleAfterMs = options.fallbackStaleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const now = options.now ?? (() => new Date());
  const limits = { ...DEFAULT_SERVER_LIMITS, ...options.limits };

  const staleAfterMs = () => chooseStaleAfterMs(options.staleAfterMs, uptime.current?.value, fallbackStaleAfterMs);

  const logOccasionally = createOccasionalLog(log);
  const logFailure = (what: string) => (error: Error & { code?: string }) =>
    logOccasionally(`${what}:${error.code ?? error.name}`, `${what}: ${error.message}`);
  // The MCP parts (the SDK among them) are loaded only with `--mcp`.
  const mcp =
    options.mcp === undefined
      ? undefined
      : await (await import('../mcp/mcp-routes.js')).createMcpRoutes(publicDir, options.mcp);
  const staticHandler = createRequestHandler({
    mcp,
    documents,
    serveStatic: createStaticFiles({
      publicDir,
      rules,
      compressed: createCompressedFiles(rules),
      onError: logFailure('error reading a static file'),
    }),
    health: () => assessHealth(status.current?.value, now(), staleAfterMs()),
    logOccasionally,
    answerStaleMarkdown: createStaleStatusMarkdown({
      file: documentFile(publicDir, STATUS_MARKDOWN_PATH),
      maxBytes: maxBytesOf(STATUS_MARKDOWN_PATH),
      headers: resolveHeaders(rules, STATUS_MARKDOWN_PATH),
      statusIsStale: () => {
        const updatedAt = status.current?.value.updated_at;
        return updatedAt !== undefined && judgeFreshness(updatedAt, now(), staleAfterMs()).kind === 'stale';
      },
      now,
    }),
  });
  const { proxy } = options;
  const handler: typeof staticHandler =
    proxy === undefined
      ? staticHandler
      : (request, response) => {
          if (isUnderPrefix(request.url ?? '', proxy.prefix)) proxyToListener(proxy, request, response);
          else staticHandler(request, response);
        };
  // prom-client is loaded only when something will read the metrics: a plain `serve` never pays for it.
  const metrics =
    options.metrics === undefined
      ? undefined
      : (await import('../metrics/server-metrics.js')).registerServerMetrics({
          registry: options.metrics.registry,
          groups: options.metrics.groups,
          documents: {
            status: () => status.current?.value,
            observations: () => observations.current?.value,
            uptime: () => fullUptime?.current?.value,
            staleAfterMs,
          },
          knownPaths: countedPaths(),
          now,
        });
  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderSizeBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
      // The handler checks Host itself, to answer in the JSON shape.
      requireHostHeader: false,
    },
    boundPipelining(
      metrics === undefined
        ? handler
        : (request, response) => {
            const url = request.url ?? '';
            response.once('finish', () => metrics.countRequest(url, response.statusCode));
            handler(request, response);
          },
    ),
  );
  server.on('clientError', answerClientError);
  server.on('connect', answerConnect);
  server.on('checkExpectation', answerUnknownExpectation);
  const url = await listenForRequests(server, {
    port: options.port,
    host: options.host,
    onError: logFailure('error accepting a connection'),
  });

  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        for (const document of documents.values()) document.stop();
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      }),
  };
}

/**
 * One line for the documents not published yet (before the probe's first
 * cycle, all it writes), rather than one "file not found" each: they are
 * answered as not there until their writer writes them, and are then served
 * without a word; a document that goes missing after that is logged.
 */
function logUnpublished(
  documents: readonly FollowedDocument<unknown, unknown>[],
  log: (message: string) => void,
): void {
  const [first, ...rest] = documents
    .filter((document) => document.unpublished)
    .map((document) => displayPath(document.file));
  if (first === undefined) return;
  const more = rest.length === 0 ? ' is' : ` and ${rest.length} more documents are`;
  log(`waiting for the probe: ${first}${more} not published yet`);
}
