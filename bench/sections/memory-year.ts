/**
 * `serve` (a child process of the CLI) holding what a platform with a year of
 * history publishes, at a given number of components, under the visitors'
 * steady load: its resident memory as it starts and while it answers.
 */
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { documentFile, INCIDENTS_PATH, STATUS_PATH, UPTIME_PATH } from '../../src/api-paths.js';
import { createHistoryRenderCache, renderHistoryDocuments } from '../../src/history/render-history-documents.js';
import { openSqliteHistoryStore } from '../../src/history/sqlite-history-store.js';
import type { BenchSite } from '../fixtures.js';
import { REPO_ROOT, type ResidentMemory, residentMemoryOf, startServe } from '../process-tools.js';
import { startSteadyLoad, VISITOR_MIX } from '../steady-load.js';
import { generateYear, nameOf, YEAR_ONE_END_MS } from './history.js';

const SAMPLE_EVERY_MS = 500;
const LOAD_CONNECTIONS = 8;

export interface YearServeResult {
  readonly components: number;
  /** The uptime document's size as served, bytes. */
  readonly uptimeBytes: number;
  /** Once listening, every document loaded, before any request. */
  readonly started: ResidentMemory;
  /** At the end of the load. */
  readonly end: ResidentMemory;
  readonly maxRss: number;
  readonly requests: number;
  readonly errors: number;
}

/**
 * A year of history for `count` components generated into a store (as the
 * history section does), rendered by the probe's own renderer into a public
 * directory with the shipped page and a status document naming every
 * component, then served by `serve` (run with `nodeFlags` before the CLI) under load for `loadS` seconds.
 */
export async function measureServeWithYear(
  site: BenchSite,
  count: number,
  loadS: number,
  nodeFlags: readonly string[] = [],
): Promise<YearServeResult> {
  const intervalMs = count > 100 ? 60_000 : 5_000;
  const store = join(site.root, `year-serve-${count}.sqlite`);
  generateYear(store, count, intervalMs, YEAR_ONE_END_MS);
  const publicDir = join(site.root, `year-public-${count}`);
  await cp(join(REPO_ROOT, 'public'), publicDir, { recursive: true, filter: (source) => !source.includes('/api') });
  await cp(site.publicDir, publicDir, { recursive: true });
  const names = Array.from({ length: count }, (_, index) => nameOf(index));
  const history = openSqliteHistoryStore(store);
  let uptimeBytes = 0;
  try {
    const now = new Date(YEAR_ONE_END_MS);
    const documents = renderHistoryDocuments(
      history,
      { regionName: 'Amsterdam 1', componentNames: names, intervalMs, now },
      createHistoryRenderCache(),
    );
    uptimeBytes = Buffer.byteLength(documents.uptime);
    await mkdir(join(publicDir, 'api', 'v1'), { recursive: true });
    await writeFile(documentFile(publicDir, UPTIME_PATH), documents.uptime);
    await writeFile(documentFile(publicDir, INCIDENTS_PATH), documents.incidents);
    const status = {
      status: 'operational',
      version: 'v1',
      region: 'Amsterdam 1',
      components: names.map((name) => ({ name, status: 'operational' })),
      updated_at: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
    await writeFile(documentFile(publicDir, STATUS_PATH), `${JSON.stringify(status)}\n`);
  } finally {
    history.close();
  }

  const serve = await startServe(publicDir, site.headersFile, { nodeFlags });
  try {
    const pid = serve.child.pid as number;
    // The documents are compressed on the thread pool after listening: let that settle first.
    await sleep(1_000);
    const started = residentMemoryOf(pid);
    let maxRss = started.rss;
    const load = startSteadyLoad(serve.url, VISITOR_MIX, LOAD_CONNECTIONS);
    const until = performance.now() + loadS * 1000;
    while (performance.now() < until) {
      await sleep(SAMPLE_EVERY_MS);
      maxRss = Math.max(maxRss, residentMemoryOf(pid).rss);
    }
    const end = residentMemoryOf(pid);
    await load.stop();
    const statuses = load.statuses();
    const errors = Object.entries(statuses)
      .filter(([code]) => code === 'error' || Number(code) >= 500)
      .reduce((sum, [, n]) => sum + n, 0);
    return {
      components: count,
      uptimeBytes,
      started,
      end,
      maxRss: Math.max(maxRss, end.rss),
      requests: load.requests(),
      errors,
    };
  } finally {
    await serve.stop();
  }
}
