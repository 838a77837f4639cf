import { startLoopbackServer } from './loopback-server.js';

/** A loopback HTTP server that reads each request and answers 200 only after `delayMs`. */
export async function startSlowStore(
  delayMs: number,
): Promise<{ port: number; requests: () => number; close: () => Promise<void> }> {
  let count = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = await startLoopbackServer((request, response) => {
    count += 1;
    request.resume();
    const timer = setTimeout(() => {
      timers.delete(timer);
      response.writeHead(200, { ETag: '"slow"' }).end();
    }, delayMs);
    timers.add(timer);
  });
  return {
    port: server.port,
    requests: () => count,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await server.close();
    },
  };
}
