import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLoopbackServer } from './loopback-server.js';
import { REPO_ROOT } from './temp-site.js';

/** A recorded shape of a real provider's `/api/v2/summary.json` (`test/fixtures/upstream-pages/NAME.json`). */
export function recordedPage(name: string): string {
  return readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'upstream-pages', `${name}.json`), 'utf8');
}

/** What the server answers for the summary: a status and a body. */
export interface PageAnswer {
  readonly status: number;
  readonly body: string;
}

/**
 * A provider's Statuspage on loopback: answers `/api/v2/summary.json` (under
 * any prefix, so that many pages can share one server) as told, and counts
 * the reads.
 */
export interface UpstreamPageServer {
  readonly origin: string;
  /** Reads of the summary so far. */
  readonly reads: () => number;
  answer(next: PageAnswer): void;
  stop(): Promise<void>;
}

export async function startUpstreamPageServer(first: PageAnswer): Promise<UpstreamPageServer> {
  let current = first;
  let reads = 0;
  const server = await startLoopbackServer((request, response) => {
    if (!request.url?.endsWith('/api/v2/summary.json')) {
      response.writeHead(404).end();
      return;
    }
    reads += 1;
    response.writeHead(current.status, { 'Content-Type': 'application/json' }).end(current.body);
  });
  return {
    origin: server.origin,
    reads: () => reads,
    answer(next) {
      current = next;
    },
    stop: server.close,
  };
}
