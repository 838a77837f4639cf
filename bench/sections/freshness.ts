import { Pool } from 'undici';
import { writeAtomically } from '../../src/io/write-atomically.js';
import { type BenchSite, renderSampleStatus } from '../fixtures.js';
import { CLI, percentile, pinned, startServerProcess } from '../process-tools.js';

export interface FreshnessResult {
  readonly rewrites: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/**
 * Time from the rename that publishes a new status (the probe's
 * writeAtomically) to the first response that carries the new body, polling
 * the thin handler over a keep-alive connection.
 */
export async function measureFreshness(site: BenchSite, rewrites: number): Promise<FreshnessResult> {
  const server = await startServerProcess(
    ...pinned(1, process.execPath, [CLI, 'serve', '--public', site.publicDir, '--headers', site.headersFile]),
    {
      PORT: '0',
    },
  );
  const pool = new Pool(server.url, { connections: 1 });
  const delays: number[] = [];
  // Each status a second newer than the last, from a second past now: the server keeps the newer of two
  // dated versions, so one dated before the site's own status would never be served.
  const firstMs = (Math.floor(Date.now() / 1000) + 1) * 1000;
  try {
    for (let index = 0; index < rewrites; index += 1) {
      const body = renderSampleStatus(new Date(firstMs + index * 1000).toISOString().replace('.000Z', 'Z'));
      await writeAtomically(site.statusFile, body);
      const renamedAt = performance.now();
      for (;;) {
        const response = await pool.request({ path: '/api/v1/status', method: 'GET' });
        if ((await response.body.text()) === body) break;
        if (performance.now() - renamedAt > 5_000) throw new Error('the new status was not served within 5 s');
      }
      delays.push(performance.now() - renamedAt);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await pool.close();
    await server.stop();
  }
  return { rewrites, p50Ms: percentile(delays, 50), p99Ms: percentile(delays, 99), maxMs: Math.max(...delays) };
}
