import type { ServerResponse } from 'node:http';

/**
 * Answers with a small uncached JSON body, the one response shape of the
 * stand-ins and their control server. If headers already went out (a mode
 * switched mid-response), the connection is dropped instead.
 */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: object,
  extra: Readonly<Record<string, string>> = {},
): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const bytes = Buffer.from(`${JSON.stringify(body)}\n`);
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(bytes.length),
    'Cache-Control': 'no-store',
    ...extra,
  });
  response.end(bytes);
}
