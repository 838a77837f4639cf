import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { StatusTools } from './status-tools.js';
import { DAY_PATTERN, type ToolAnswer } from './tool-answers.js';

/** This server's name and version, in the MCP handshake and the server card. */
export const MCP_SERVER_INFO = { name: 'service-directory-status', version: '1.0.0' } as const;

/** Every tool only reads published documents. */
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true } as const;

const UtcTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, { error: 'must be UTC to the second, like 2026-11-21T04:37:59Z' });
const DaySchema = z.string().regex(DAY_PATTERN, { error: 'must be a UTC day like 2026-11-21' });

/** The tools: name, what an agent reads of it, and its input's JSON Schema (from zod). */
export const TOOL_DESCRIPTIONS = {
  get_status: 'The overall state, each component with its state and since when, and whether the status is stale.',
  get_component:
    'One component: its state, since when, uptime (24 h, 7, 30, 90 days), open notices, and hourly latency percentiles where published.',
  list_incidents:
    "Incidents: the open ones, or with since/until every one overlapping that UTC window; the team's notices and the probe's own.",
  list_maintenance: "Maintenance in progress and upcoming, with each one's window and latest update.",
  get_uptime:
    "One component's uptime over whole UTC days from since to until (both included; the last 30 days by default).",
} as const;

/** A tool's answer as MCP carries it: JSON text, or an error result with a hint, never a thrown error. */
function toResult(answer: ToolAnswer): CallToolResult {
  if (answer.ok) return { content: [{ type: 'text', text: JSON.stringify(answer.value, null, 2) }] };
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify({ error: answer.error, hint: answer.hint }) }],
  };
}

/**
 * An MCP server with the status tools, each read-only, its input a JSON
 * Schema, its answer JSON text with the documents' own values (states as
 * `major_outage`, times in UTC). One per connection over stdio, one per
 * request over stateless HTTP.
 */
export function createStatusMcpServer(tools: StatusTools): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { capabilities: { tools: {} } });
  server.registerTool(
    'get_status',
    { title: 'Status', description: TOOL_DESCRIPTIONS.get_status, annotations: READ_ONLY },
    async () => toResult(await tools.getStatus()),
  );
  server.registerTool(
    'get_component',
    {
      title: 'Component',
      description: TOOL_DESCRIPTIONS.get_component,
      inputSchema: { name: z.string().min(1).max(200).describe('The component name, as get_status lists it.') },
      annotations: READ_ONLY,
    },
    async ({ name }) => toResult(await tools.getComponent(name)),
  );
  server.registerTool(
    'list_incidents',
    {
      title: 'Incidents',
      description: TOOL_DESCRIPTIONS.list_incidents,
      inputSchema: {
        since: UtcTimeSchema.optional().describe(
          'Start of the window, UTC; open incidents only when since and until are both left out.',
        ),
        until: UtcTimeSchema.optional().describe('End of the window, UTC; now when left out.'),
      },
      annotations: READ_ONLY,
    },
    async ({ since, until }) =>
      toResult(await tools.listIncidents(since === undefined && until === undefined ? undefined : { since, until })),
  );
  server.registerTool(
    'list_maintenance',
    { title: 'Maintenance', description: TOOL_DESCRIPTIONS.list_maintenance, annotations: READ_ONLY },
    async () => toResult(await tools.listMaintenance()),
  );
  server.registerTool(
    'get_uptime',
    {
      title: 'Uptime',
      description: TOOL_DESCRIPTIONS.get_uptime,
      inputSchema: {
        component: z.string().min(1).max(200).describe('The component name, as get_status lists it.'),
        since: DaySchema.optional().describe('First UTC day, YYYY-MM-DD.'),
        until: DaySchema.optional().describe('Last UTC day, YYYY-MM-DD; the last published day when left out.'),
      },
      annotations: READ_ONLY,
    },
    async ({ component, since, until }) => toResult(await tools.getUptime(component, { since, until })),
  );
  return server;
}
