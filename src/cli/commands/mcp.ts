import { z } from 'zod';
import { DEFAULT_DOCUMENT_TIMEOUT_MS, httpDocumentSource } from '../../mcp/http-document-source.js';
import { serveMcpStdio } from '../../mcp/serve-mcp-stdio.js';
import { createStatusTools } from '../../mcp/status-tools.js';
import { type OptionSpec, parseOptions } from '../parse-options.js';
import { UsageError } from '../run-command.js';

export const MCP_USAGE = `Usage: service-directory mcp --site URL [--timeout SECONDS]

An MCP server over stdio for an assistant: read-only tools (get_status,
get_component, list_incidents, list_maintenance, get_uptime) that read the
documents any service-directory deployment publishes at URL, over HTTP,
without credentials. stdout carries only the protocol.

  --site URL         the deployment's base URL, e.g. https://status.example.com
  --timeout SECONDS  how long one document may take to arrive (default: ${DEFAULT_DOCUMENT_TIMEOUT_MS / 1000})`;

/** The command's flags. */
export const MCP_OPTIONS = {
  site: { type: 'string' },
  timeout: { type: 'string' },
} satisfies OptionSpec;

const McpArgsSchema = z.object({
  site: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
  timeout: z.coerce.number().positive({ error: 'must be a number of seconds above 0' }).max(300).optional(),
});

export async function mcp(args: string[]): Promise<void> {
  const parsed = parseOptions(args, MCP_OPTIONS, MCP_USAGE);
  if (!parsed) return;
  if (parsed.values.site === undefined) throw new UsageError(`mcp needs --site URL\n\n${MCP_USAGE}`);
  const checked = McpArgsSchema.safeParse({ site: parsed.values.site, timeout: parsed.values.timeout });
  if (!checked.success) {
    const lines = checked.error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`);
    throw new UsageError(`${lines.join('\n')}\n\n${MCP_USAGE}`);
  }
  const { site, timeout } = checked.data;
  const source = httpDocumentSource(site, timeout === undefined ? DEFAULT_DOCUMENT_TIMEOUT_MS : timeout * 1000);
  await serveMcpStdio(createStatusTools({ source }));
}
