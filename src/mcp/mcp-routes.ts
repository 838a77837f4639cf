import type { IncomingMessage, ServerResponse } from 'node:http';
import { directoryDocumentSource } from './directory-document-source.js';
import { createMcpHttpEndpoint, type McpHttpEndpointOptions } from './mcp-http-endpoint.js';
import { renderMcpCard } from './render-mcp-card.js';
import { createStatusTools } from './status-tools.js';

/** What answers the MCP paths, when they are on. */
export interface McpRoutes {
  readonly answer: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  /** The card's bytes, rendered once. */
  readonly card: Buffer;
}

/**
 * What `serve --mcp` answers its two MCP paths with: the endpoint, whose
 * tools read the documents of the public directory it serves, and the card.
 */
export function createMcpRoutes(
  publicDir: string,
  limits: Pick<McpHttpEndpointOptions, 'rateLimit' | 'maxBodyBytes'>,
): McpRoutes {
  const tools = createStatusTools({ source: directoryDocumentSource(publicDir, 'this deployment') });
  return {
    answer: createMcpHttpEndpoint({ tools, ...limits }),
    card: Buffer.from(renderMcpCard()),
  };
}
