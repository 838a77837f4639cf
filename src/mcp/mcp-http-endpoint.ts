import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createRateLimiter, type RateLimit } from '../heartbeats/rate-limiter.js';
import { createStatusMcpServer } from './create-status-mcp-server.js';
import type { StatusTools } from './status-tools.js';

/** The largest JSON-RPC request taken: a tool call is a few hundred bytes. */
export const MAX_MCP_BODY_BYTES = 64 * 1024;

/** Each client's allowance at `/mcp`: a burst of 20 calls, then 5 a second. */
export const DEFAULT_MCP_RATE_LIMIT: RateLimit = { burst: 20, perSecond: 5 };

export interface McpHttpEndpointOptions {
  readonly tools: StatusTools;
  readonly rateLimit?: RateLimit;
  readonly maxBodyBytes?: number;
  /** A monotonic clock in milliseconds, for the rate limit. */
  readonly clock?: () => number;
}

/** A JSON-RPC error answered by the endpoint itself, before any MCP server sees the request. */
function refuse(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'Content-Length': String(body.length),
    ...headers,
  });
  response.end(body);
}

/** The request's body, or `undefined` once it passes `maxBytes` (the rest is not kept). */
async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    bytes += buffer.length;
    if (bytes > maxBytes) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * `serve --mcp`'s `/mcp`: MCP's streamable HTTP, stateless (a server and a
 * transport per request, no session kept, JSON answers rather than a
 * stream), POST only. Each client (its address) is rate-limited, and a body
 * over `maxBodyBytes` or that is not JSON is refused before the SDK parses anything.
 */
export function createMcpHttpEndpoint({
  tools,
  rateLimit = DEFAULT_MCP_RATE_LIMIT,
  maxBodyBytes = MAX_MCP_BODY_BYTES,
  clock = () => performance.now(),
}: McpHttpEndpointOptions) {
  const limiter = createRateLimiter(rateLimit);
  return async function answerMcp(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const waitS = limiter.take(request.socket.remoteAddress ?? 'unknown', clock());
    if (waitS > 0) {
      refuse(response, 429, `too many requests; try again in ${waitS} s`, {
        'Retry-After': String(waitS),
        Connection: 'close',
      });
      return;
    }
    if (request.method !== 'POST') {
      // Stateless: no stream to open with GET, no session to end with DELETE.
      refuse(response, 405, `${request.method} is not allowed at /mcp; POST a JSON-RPC message`, { Allow: 'POST' });
      return;
    }
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > maxBodyBytes) {
      refuse(response, 413, `the body is larger than ${maxBodyBytes} bytes`, { Connection: 'close' });
      request.resume();
      return;
    }
    const body = await readBody(request, maxBodyBytes);
    if (body === undefined) {
      refuse(response, 413, `the body is larger than ${maxBodyBytes} bytes`, { Connection: 'close' });
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(body.toString('utf8'));
    } catch {
      refuse(response, 400, 'the body is not JSON');
      return;
    }
    const server = createStatusMcpServer(tools);
    // No session id generator: stateless, as the SDK has it; nothing is kept between requests.
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    response.once('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, message);
  };
}
