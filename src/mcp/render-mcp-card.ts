import { MCP_PATH } from '../api-paths.js';
import { MCP_SERVER_INFO, TOOL_DESCRIPTIONS } from './create-status-mcp-server.js';

/**
 * `/.well-known/mcp.json`, the server card an assistant reads to find the
 * MCP endpoint before connecting (the draft MCP server card's fields): its
 * name, the streamable HTTP endpoint, that no authentication is needed, and
 * its read-only tools. Pure; rendered once when `serve --mcp` starts.
 */
export function renderMcpCard(): string {
  const card = {
    serverInfo: { ...MCP_SERVER_INFO, title: 'Platform status' },
    description:
      "Read-only tools over this deployment's published status: state, components, incidents, maintenance, uptime.",
    transport: { type: 'streamable-http', endpoint: MCP_PATH },
    capabilities: { tools: {} },
    authentication: { required: false },
    tools: Object.entries(TOOL_DESCRIPTIONS).map(([name, description]) => ({
      name,
      description,
      annotations: { readOnlyHint: true },
    })),
  };
  return `${JSON.stringify(card, null, 2)}\n`;
}
