import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { OPENAPI_PATH, REGIONS_PATH, SCHEMAS_PATH } from '../../src/api-paths.js';
import { buildSite } from '../../src/build/build-site.js';
import { InputError } from '../../src/errors/input-error.js';
import { type RunningServer, startServer } from '../../src/server/start-server.js';
import { HEADERS_FILE, makeTempDir, REGIONS_FILE } from '../support/fixtures.js';

const GENERATED = [
  REGIONS_PATH,
  OPENAPI_PATH,
  `${SCHEMAS_PATH}/region-list.json`,
  `${SCHEMAS_PATH}/service-status.json`,
  `${SCHEMAS_PATH}/error.json`,
];

async function readTree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = join(entry.parentPath, entry.name);
      out[file.slice(dir.length)] = await readFile(file, 'utf8');
    }
  }
  return out;
}

describe('buildSite', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function tempDir(): Promise<string> {
    const { dir, remove } = await makeTempDir();
    cleanups.push(remove);
    return dir;
  }

  it('writes the regions document, the OpenAPI document and one JSON Schema per document', async () => {
    const publicDir = await tempDir();
    const result = await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir });
    expect(result.files).toEqual(GENERATED.map((path) => join(publicDir, path)));
    const tree = await readTree(publicDir);
    for (const path of GENERATED) expect(tree[path], path).toBeDefined();
    expect(JSON.parse(tree[OPENAPI_PATH] ?? '').openapi).toBe('3.1.0');
  });

  it('writes the same bytes on every build', async () => {
    const first = await tempDir();
    const second = await tempDir();
    await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir: first });
    await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir: second });
    expect(await readTree(second)).toEqual(await readTree(first));
  });

  it('leaves public/ untouched when headers.json is invalid', async () => {
    const publicDir = await tempDir();
    await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir });
    const before = await readTree(publicDir);
    const badHeaders = join(await tempDir(), 'headers.json');
    await writeFile(badHeaders, JSON.stringify({ headers: [{ source: 'api/v1/regions', headers: [] }] }));
    await expect(buildSite({ regionsFile: REGIONS_FILE, headersFile: badHeaders, publicDir })).rejects.toThrow(
      InputError,
    );
    expect(await readTree(publicDir)).toEqual(before);
  });
});

describe('the generated documents, served', () => {
  let running: RunningServer | undefined;
  let removeDir: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await running?.close();
    await removeDir?.();
    running = undefined;
    removeDir = undefined;
  });

  it.each(GENERATED.slice(1))('%s is served as application/json with the headers.json Cache-Control', async (path) => {
    const { dir, remove } = await makeTempDir();
    removeDir = remove;
    await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir: dir });
    running = await startServer({
      publicDir: dir,
      headersFile: HEADERS_FILE,
      port: 0,
      host: '127.0.0.1',
      log: () => {},
    });
    const response = await fetch(`${running.url}${path}`);
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(body).toBe(await readFile(join(dir, path), 'utf8'));
  });
});
