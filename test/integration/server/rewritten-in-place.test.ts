import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Pool } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../src/server/settled-version.js';
import { startRewriter } from '../../helpers/rewriter.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let site: TempSite;
let server: TestServer;
const writers: ChildProcess[] = [];

/** Two versions of different lengths, so that any mix of them, or a prefix, is neither. */
const VERSIONS = ['/* version A */\n'.repeat(3_000), '/* the second version, B */\n'.repeat(2_500)];
/** A file answered from memory, compressed, and one streamed from disk as it is. */
const FILES = ['app.js', 'picture.png'] as const;

beforeEach(async () => {
  site = await makeTempSite();
  for (const file of FILES) await writeFile(join(site.publicDir, file), VERSIONS[0] as string);
  server = await startTestServer(site);
});
afterEach(async () => {
  for (const writer of writers.splice(0)) writer.kill('SIGKILL');
  await server.close();
  await site.remove();
});

interface Tally {
  whole: number;
  torn: number;
  /** Answers cut short by the server, which a client never takes for a whole body. */
  cut: number;
  statuses: Set<number>;
}

/** GETs `path` from `clients` clients in every encoding for `durationMs`, sorting each body by the version it is. */
async function readUnderRewrites(path: string, clients: number, durationMs: number): Promise<Tally> {
  const tally: Tally = { whole: 0, torn: 0, cut: 0, statuses: new Set() };
  const pool = new Pool(server.url, { connections: clients });
  const until = performance.now() + durationMs;
  try {
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        const encoding = ['br', 'gzip', 'identity'][client % 3] as string;
        while (performance.now() < until) {
          try {
            const response = await pool.request({ path, method: 'GET', headers: { 'accept-encoding': encoding } });
            let body = Buffer.from(await response.body.arrayBuffer());
            tally.statuses.add(response.statusCode);
            if (response.statusCode !== 200) continue;
            const coding = response.headers['content-encoding'];
            if (coding === 'br') body = brotliDecompressSync(body);
            if (coding === 'gzip') body = gunzipSync(body);
            if (VERSIONS.includes(body.toString())) tally.whole += 1;
            else tally.torn += 1;
          } catch {
            tally.cut += 1;
          }
        }
      }),
    );
  } finally {
    await pool.close();
  }
  return tally;
}

describe('a static file rewritten in place while it is served', () => {
  it.each(FILES)('is never answered with bytes of neither version (%s)', async (file) => {
    writers.push(await startRewriter(site.root, 'in-place', join(site.publicDir, file), VERSIONS, SETTLE_MS * 2));
    const tally = await readUnderRewrites(`/${file}`, 6, 1_500);
    expect(tally.torn, JSON.stringify({ ...tally, statuses: [...tally.statuses] })).toBe(0);
    expect(tally.whole, 'the versions left alone long enough are served').toBeGreaterThan(0);
    for (const status of tally.statuses) expect([200, 503]).toContain(status);
  });
});
