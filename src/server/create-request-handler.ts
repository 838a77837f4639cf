import type { IncomingMessage, ServerResponse } from 'node:http';
import { MCP_CARD_PATH, MCP_PATH, STATUS_MARKDOWN_PATH } from '../api-paths.js';
import { isPrecompressedSibling } from '../compression/precompressed-siblings.js';
import { quoteForLog } from '../errors/quote-for-log.js';
import { HOST_CONFIG_FILES } from '../exports/host-config-files.js';
import type { McpRoutes } from '../mcp/mcp-routes.js';
import type { Health } from './assess-health.js';
import { couldNameFile } from './file-name-limits.js';
import { findHeader } from './find-header.js';
import type { FollowedDocument } from './followed-document.js';
import { GENERATED_JSON_HEADERS } from './json-error.js';
import { prefersMarkdown } from './prefers-markdown.js';
import { parseRequestTarget, type RequestTarget } from './request-target.js';
import { sendError } from './send-error.js';
import { sendVariant } from './send-variant.js';

/** The methods every path takes; a 405 lists them in `Allow`. */
export const ALLOW = { Allow: 'GET, HEAD' } as const;

/** What a 503 for a document that has not been published yet asks clients to wait. */
export const UNPUBLISHED_RETRY_AFTER_S = 5;

/** The liveness endpoint, outside `/api/v1` so that it is never part of the contract. */
export const HEALTH_PATH = '/healthz';

/** What answers a request's path. */
type Route =
  | { readonly to: 'document'; readonly document: FollowedDocument }
  | { readonly to: 'health' }
  | { readonly to: 'static'; readonly target: Extract<RequestTarget, { ok: true }> }
  | { readonly to: 'bad_request'; readonly reason: string };

export interface RequestHandlerOptions {
  /** The API documents by URL path: answered from memory. */
  readonly documents: ReadonlyMap<string, FollowedDocument>;
  /** Everything else, given a checked, decoded path; rejects only when nothing has been written. */
  readonly serveStatic: (request: IncomingMessage, response: ServerResponse, path: string) => Promise<void>;
  /** The origin's health, answered at `/healthz`. */
  readonly health: () => Health;
  /** Logs a failure to serve a file; failures can come in floods, so lines of one `key` are rate-limited. */
  readonly logOccasionally: (key: string, message: string) => void;
  /**
   * Answers `/status.md` (and `/` asked for `text/markdown`) itself when the
   * status is out of date (`createStaleStatusMarkdown`); `false` leaves it to the static files.
   */
  readonly answerStaleMarkdown?: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;
  /** `serve --mcp`: the MCP endpoint at `/mcp` (it takes POST), and the card at `/.well-known/mcp.json`. */
  readonly mcp?: McpRoutes | undefined;
}

/**
 * The thin handler. The API paths are a map lookup on the raw target and an
 * answer from memory; anything else is decoded once, checked and handed to
 * the static files.
 */
export function createRequestHandler({
  documents,
  serveStatic,
  health,
  logOccasionally,
  answerStaleMarkdown = async () => false,
  mcp,
}: RequestHandlerOptions) {
  /** What answers `url`: an API document, the health endpoint or the static files; or why none can. */
  function route(url: string): Route {
    const query = url.indexOf('?');
    const fast = documents.get(query === -1 ? url : url.slice(0, query));
    if (fast !== undefined) return { to: 'document', document: fast };
    const target = parseRequestTarget(url);
    if (!target.ok) return { to: 'bad_request', reason: target.reason };
    const document = documents.get(target.path);
    if (document !== undefined) return { to: 'document', document };
    return target.path === HEALTH_PATH ? { to: 'health' } : { to: 'static', target };
  }

  function serveDocument(document: FollowedDocument, request: IncomingMessage, response: ServerResponse): void {
    const representation = document.current;
    if (representation === undefined && document.optional) {
      sendError(response, 'not_found', 'this deployment has not published this document');
      return;
    }
    if (representation === undefined) {
      sendError(response, 'service_unavailable', 'this document has not been published yet; try again shortly', {
        'Retry-After': String(UNPUBLISHED_RETRY_AFTER_S),
      });
      return;
    }
    sendVariant(request, response, representation.variants);
  }

  function serveHealth(response: ServerResponse): void {
    const result = health();
    if (!result.healthy) {
      sendError(response, result.code, result.message);
      return;
    }
    const body = Buffer.from(
      `${JSON.stringify({ status: 'ok', updated_at: result.updatedAt, age_seconds: result.ageSeconds })}\n`,
    );
    response.writeHead(200, { ...GENERATED_JSON_HEADERS, 'Content-Length': String(body.length) });
    response.end(body);
  }

  return function handleRequest(request: IncomingMessage, response: ServerResponse): void {
    // RFC 9112 requires Host in HTTP/1.1. Node's own check answers a bare 400, so it is off
    // (`requireHostHeader: false`) and this one answers in the JSON shape.
    if (
      request.httpVersionMinor === 1 &&
      request.httpVersionMajor === 1 &&
      findHeader(request.rawHeaders, 'host') === undefined
    ) {
      sendError(response, 'bad_request', 'an HTTP/1.1 request must carry a Host header', { Connection: 'close' });
      return;
    }
    const found = route(request.url ?? '');
    if (found.to === 'bad_request') {
      sendError(response, 'bad_request', found.reason);
      return;
    }
    if (mcp !== undefined && found.to === 'static' && found.target.path === MCP_PATH) {
      mcp.answer(request, response).catch((error: unknown) => {
        logOccasionally('mcp', `error answering /mcp: ${error instanceof Error ? error.name : 'error'}`);
        if (!response.headersSent) sendError(response, 'internal_error', 'the MCP request could not be answered');
        else response.destroy();
      });
      return;
    }
    // Every other path takes GET and HEAD alone: asked once, for whatever answers it.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendError(response, 'method_not_allowed', `${request.method} is not allowed here; use GET or HEAD`, ALLOW);
      return;
    }
    if (found.to === 'document') {
      serveDocument(found.document, request, response);
      return;
    }
    if (found.to === 'health') {
      serveHealth(response);
      return;
    }
    const { target } = found;
    if (mcp !== undefined && target.path === MCP_CARD_PATH) {
      response.writeHead(200, {
        ...GENERATED_JSON_HEADERS,
        'Cache-Control': 'public, max-age=300',
        'Content-Length': String(mcp.card.length),
      });
      response.end(request.method === 'HEAD' ? undefined : mcp.card);
      return;
    }
    // `_headers` and the like configure static hosts, which never serve them; neither do we. A
    // `.gz`/`.br` sibling stands in for its file on a static host; here the file itself is
    // answered in every encoding, and the sibling as a file of its own would be the wrong type.
    // A name longer than any file system takes names no file.
    if (
      target.hidden ||
      HOST_CONFIG_FILES.has(target.path.slice(1)) ||
      isPrecompressedSibling(target.path) ||
      !couldNameFile(target.path)
    ) {
      sendError(response, 'not_found', 'no such resource');
      return;
    }
    // An agent asking for `/` in markdown gets the status as `status.md`, not the page's shell.
    const markdown =
      target.path === STATUS_MARKDOWN_PATH || (target.path === '/' && prefersMarkdown(request.headers.accept));
    const answered = markdown
      ? answerStaleMarkdown(request, response).then((done) =>
          done ? undefined : serveStatic(request, response, STATUS_MARKDOWN_PATH),
        )
      : serveStatic(request, response, target.path);
    answered.catch((error: unknown) => {
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'error';
      // The path is the client's to choose: quoted and cut, like any text from outside.
      logOccasionally(`serving:${code}`, `error serving ${quoteForLog(target.path)}: ${code}`);
      if (!response.headersSent) sendError(response, 'internal_error', 'the server could not read this file');
      else response.destroy();
    });
  };
}
