import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createStatusMcpServer } from './create-status-mcp-server.js';
import type { StatusTools } from './status-tools.js';

/**
 * Answers MCP over this process's stdin and stdout until stdin ends (the
 * assistant closed it): stdout carries only the protocol.
 */
export async function serveMcpStdio(tools: StatusTools): Promise<void> {
  const server = createStatusMcpServer(tools);
  const transport = new StdioServerTransport();
  const ended = new Promise<void>((resolve) => process.stdin.once('end', resolve).once('close', resolve));
  await server.connect(transport);
  await ended;
  await server.close();
}
