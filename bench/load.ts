import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { hasCommand, pinned } from './process-tools.js';

export interface LoadResult {
  readonly requestsPerSecond: number;
  /** Socket errors and non-2xx/3xx responses together. */
  readonly errors: number;
}

export const LOAD_GENERATOR = hasCommand('wrk') ? 'wrk' : 'autocannon';

/**
 * Keep-alive load against one URL, with `headers` on every request: wrk with one thread when it is installed,
 * pinned to CPU 0, else autocannon from npm in this process.
 */
export async function applyLoad(
  url: string,
  connections: number,
  durationS: number,
  headers: Readonly<Record<string, string>> = {},
): Promise<LoadResult> {
  if (LOAD_GENERATOR === 'wrk') {
    const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
    const [command, args] = pinned(0, 'wrk', ['-t1', `-c${connections}`, `-d${durationS}s`, ...headerArgs, url]);
    const { stdout } = await promisify(execFile)(command, args);
    const rate = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
    const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1];
    const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
    return { requestsPerSecond: Number(rate), errors: socketErrors + Number(non2xx ?? 0) };
  }
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url, connections, duration: durationS, headers: { ...headers } });
  return { requestsPerSecond: result.requests.average, errors: result.errors + result.timeouts + result.non2xx };
}
