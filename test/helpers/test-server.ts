import { type RunningServer, type ServerOptions, startServer } from '../../src/server/start-server.js';
import type { TempSite } from './temp-site.js';

export interface TestServer extends RunningServer {
  readonly port: number;
  /** Every line the server logged. */
  readonly logs: string[];
}

/**
 * The real thin handler on a random loopback port, serving a temp site;
 * `now` gives it another wall clock, `mcp` turns on `/mcp` (`serve --mcp`).
 */
export async function startTestServer(
  site: TempSite,
  { now, mcp }: Pick<ServerOptions, 'now' | 'mcp'> = {},
): Promise<TestServer> {
  const logs: string[] = [];
  const running = await startServer({
    publicDir: site.publicDir,
    headersFile: site.headersFile,
    port: 0,
    host: '127.0.0.1',
    log: (message) => logs.push(message),
    now,
    ...(mcp === undefined ? {} : { mcp }),
  });
  return { ...running, port: Number(new URL(running.url).port), logs };
}

/** Polls `probe` until it returns true or `timeoutMs` passes; returns how long it took. */
export async function waitFor(probe: () => Promise<boolean>, timeoutMs = 5_000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    if (await probe()) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}
