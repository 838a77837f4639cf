import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server that reads each request and answers 200 only after `delayMs`. */
export async function startSlowStore(
  delayMs: number,
): Promise<{ port: number; requests: () => number; close: () => Promise<void> }> {
  let count = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((request, response) => {
    count += 1;
    request.resume();
    const timer = setTimeout(() => {
      timers.delete(timer);
      response.writeHead(200, { ETag: '"slow"' }).end();
    }, delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests: () => count,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
