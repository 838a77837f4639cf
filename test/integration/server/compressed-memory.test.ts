import { randomBytes } from 'node:crypto';
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Pool } from 'undici';
import { beforeEach, describe, expect, it } from 'vitest';
import { versionBytesAtMost } from '../../../src/server/compressed-cache.js';
import {
  type CompressedFiles,
  createCompressedFiles,
  MAX_LOADS_IN_FLIGHT,
} from '../../../src/server/compressed-files.js';
import { createStaticFiles } from '../../../src/server/static-files.js';
import { useLoopbackServers } from '../../helpers/loopback-server.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const FILE_BYTES = 64 * 1024;

const tempDir = tempDirsPerTest({ prefix: 'compressed-memory-' });
const loopback = useLoopbackServers();
let compressed: CompressedFiles;
let url: string;
const contents = new Map<string, Buffer>();

/** Text that compresses (words from a small vocabulary) but differs from file to file. */
function compressibleText(bytes: number): Buffer {
  const words = Array.from({ length: 64 }, () => randomBytes(4).toString('hex'));
  const parts: string[] = [];
  for (let length = 0; length < bytes; ) {
    const line = `{"k":"${words[Math.floor(Math.random() * words.length)]}","v":${Math.floor(Math.random() * 1000)}},\n`;
    parts.push(line);
    length += line.length;
  }
  return Buffer.from(parts.join('').slice(0, bytes));
}

/** The static files behind a real server on loopback, with a cache of `maxBytes` and `count` files of 64 KiB. */
async function serveFiles(maxBytes: number, names: readonly string[]): Promise<void> {
  const publicDir = join(await tempDir(), 'public');
  await mkdir(publicDir);
  for (const name of names) {
    const text = compressibleText(FILE_BYTES);
    contents.set(`/${name}`, text);
    await writeFile(join(publicDir, name), text);
  }
  // Old enough that the first look can confirm each file (SETTLE_MS) without waiting for its ctime.
  await new Promise((resolve) => setTimeout(resolve, 50));
  compressed = createCompressedFiles([], { maxBytes });
  const serveStatic = createStaticFiles({
    publicDir: await realpath(publicDir),
    rules: [],
    compressed,
    onError: (error) => {
      throw error;
    },
  });
  const server = await loopback((request, response) => {
    void serveStatic(request, response, new URL(request.url ?? '/', 'http://x').pathname);
  });
  url = server.origin;
}

beforeEach(() => contents.clear());

/** GETs `path` with `accept-encoding`, checks the body decodes to the file, and returns its coding. */
async function fetchChecked(pool: Pool, path: string, accept = 'br, gzip'): Promise<string | undefined> {
  const response = await pool.request({ path, method: 'GET', headers: { 'accept-encoding': accept } });
  const raw = Buffer.from(await response.body.arrayBuffer());
  expect(response.statusCode).toBe(200);
  const coding = response.headers['content-encoding'] as string | undefined;
  const body = coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
  expect(body.equals(contents.get(path) ?? Buffer.alloc(0)), path).toBe(true);
  expect(response.headers.vary).toBe('Accept-Encoding');
  return coding;
}

describe('the memory of the compressed static files', () => {
  it('never reads and compresses more than its share at once, nor holds more than its bound, however many clients', async () => {
    const maxBytes = 512 * 1024;
    const names = Array.from({ length: 48 }, (_, index) => `file-${index}.json`);
    await serveFiles(maxBytes, names);
    const peak = { loads: 0, loadingBytes: 0, cachedBytes: 0, held: 0 };
    const sample = () => {
      const usage = compressed.usage();
      peak.loads = Math.max(peak.loads, usage.loads);
      peak.loadingBytes = Math.max(peak.loadingBytes, usage.loadingBytes);
      peak.cachedBytes = Math.max(peak.cachedBytes, usage.cachedBytes);
      peak.held = Math.max(peak.held, usage.cachedBytes + usage.sendingBytes + usage.loadingBytes);
    };
    const sampler = setInterval(sample, 1);
    const pool = new Pool(url, { connections: 32 });
    const codings = new Map<string | undefined, number>();
    try {
      const queue = [...names, ...names, ...names].map((name) => `/${name}`);
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
            const coding = await fetchChecked(pool, path);
            codings.set(coding, (codings.get(coding) ?? 0) + 1);
            sample();
          }
        }),
      );
    } finally {
      clearInterval(sampler);
      await pool.close();
    }
    const loadShare = MAX_LOADS_IN_FLIGHT * versionBytesAtMost(FILE_BYTES);
    expect(peak.loads).toBeGreaterThan(0);
    expect(peak.loads).toBeLessThanOrEqual(MAX_LOADS_IN_FLIGHT);
    expect(peak.loadingBytes).toBeLessThanOrEqual(loadShare);
    expect(peak.cachedBytes).toBeLessThanOrEqual(maxBytes);
    expect(peak.held).toBeLessThanOrEqual(maxBytes + loadShare);
    expect(codings.get('br'), 'the files that fit are answered compressed').toBeGreaterThan(0);
    expect(codings.get(undefined), 'the rest are streamed as they are').toBeGreaterThan(0);
    expect(compressed.usage()).toMatchObject({ loads: 0, loadingBytes: 0, sendingBytes: 0, queued: 0 });
  });

  it('keeps the files asked for often while a stream of others, asked for once, passes through uncompressed', async () => {
    const hot = ['app.js', 'app.css', 'index.json'];
    const cold = Array.from({ length: 40 }, (_, index) => `cold-${index}.json`);
    await serveFiles(400 * 1024, [...hot, ...cold]);
    const pool = new Pool(url, { connections: 4 });
    try {
      for (let round = 0; round < 5; round += 1) {
        for (const name of hot) expect(await fetchChecked(pool, `/${name}`)).toBe('br');
      }
      const coldCodings: (string | undefined)[] = [];
      for (let index = 0; index < cold.length; index += 4) {
        const batch = cold.slice(index, index + 4).map((name) => fetchChecked(pool, `/${name}`));
        coldCodings.push(...(await Promise.all(batch)));
      }
      for (const name of hot) expect(compressed.holds(`/${name}`), name).toBe(true);
      for (const name of hot) expect(await fetchChecked(pool, `/${name}`)).toBe('br');
      // Once the room is taken by hotter files, a file asked for once is sent as it is, never compressed.
      expect(coldCodings.filter((coding) => coding === undefined).length).toBeGreaterThan(cold.length / 2);
      expect(compressed.usage().cachedBytes).toBeLessThanOrEqual(400 * 1024);
    } finally {
      await pool.close();
    }
  });
});
