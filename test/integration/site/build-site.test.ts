import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fetch } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED_PATHS } from '../../../src/api-documents.js';
import { LLMS_TXT_PATH, OPENAPI_PATH, REGIONS_PATH, SCHEMAS_PATH } from '../../../src/api-paths.js';
import { InputError } from '../../../src/errors/input-error.js';
import { type RunningServer, startServer } from '../../../src/server/start-server.js';
import { buildSite } from '../../../src/site/build-site.js';
import {
  RETIRED_MODULE_PATHS,
  renderSharedModule,
  SHARED_MODULE_PATH,
} from '../../../src/site/render-shared-module.js';
import { HEADERS_FILE, REGIONS_FILE } from '../../helpers/fixtures.js';
import { makeTempDir, tempDirsPerTest } from '../../helpers/temp-dirs.js';

const GENERATED = [
  REGIONS_PATH,
  OPENAPI_PATH,
  `${SCHEMAS_PATH}/region-list.json`,
  `${SCHEMAS_PATH}/service-status.json`,
  `${SCHEMAS_PATH}/uptime.json`,
  `${SCHEMAS_PATH}/incidents.json`,
  `${SCHEMAS_PATH}/notices.json`,
  `${SCHEMAS_PATH}/observations.json`,
  `${SCHEMAS_PATH}/heartbeats.json`,
  `${SCHEMAS_PATH}/statuspage-summary.json`,
  `${SCHEMAS_PATH}/statuspage-status.json`,
  `${SCHEMAS_PATH}/statuspage-components.json`,
  `${SCHEMAS_PATH}/statuspage-incidents.json`,
  `${SCHEMAS_PATH}/statuspage-unresolved-incidents.json`,
  `${SCHEMAS_PATH}/statuspage-scheduled-maintenances.json`,
  `${SCHEMAS_PATH}/statuspage-upcoming-maintenances.json`,
  `${SCHEMAS_PATH}/statuspage-active-maintenances.json`,
  `${SCHEMAS_PATH}/component-history.json`,
  `${SCHEMAS_PATH}/monthly-report.json`,
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
  const tempDir = tempDirsPerTest();

  it('writes the regions document, the OpenAPI document and one JSON Schema per document', async () => {
    const publicDir = await tempDir();
    const result = await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir });
    // llms.txt from the shipped components config beside the regions (the build's default `data/components.json`).
    expect(result.files).toEqual(
      [...GENERATED, SHARED_MODULE_PATH, LLMS_TXT_PATH, '/_headers'].map((path) => join(publicDir, path)),
    );
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
  // One build served by the thin handler for these tests, which only read it.
  let running: RunningServer | undefined;
  let removeDir: (() => Promise<void>) | undefined;
  let served = { dir: '', url: '' };
  beforeAll(async () => {
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
    served = { dir, url: running.url };
  });
  afterAll(async () => {
    await running?.close();
    await removeDir?.();
  });

  /** The built site and its server's URL. */
  const buildAndServe = async (): Promise<{ dir: string; url: string }> => served;

  it.each(GENERATED.slice(1))('%s is served as application/json with the headers.json Cache-Control', async (path) => {
    const { dir, url } = await buildAndServe();
    const response = await fetch(`${url}${path}`);
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(body).toBe(await readFile(join(dir, path), 'utf8'));
  });

  it('serves the staleness rule and the vocabulary to the status page as one revalidated JavaScript module', async () => {
    const { url } = await buildAndServe();
    const response = await fetch(`${url}${SHARED_MODULE_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    await expect(response.text()).resolves.toBe(renderSharedModule());
  });
});

describe('buildSite host exports', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /** One build the tests that only read share, removed after the last of them. */
  let sharedBuild: Promise<{ publicDir: string; exportsDir: string }> | undefined;
  const sharedCleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of sharedCleanups.splice(0)) await cleanup();
  });

  /** A build into a fresh temp directory, removed after the test (or, with `sharedCleanups`, after the file). */
  async function build(removals = cleanups): Promise<{ publicDir: string; exportsDir: string }> {
    const { dir, remove } = await makeTempDir();
    removals.push(remove);
    const publicDir = join(dir, 'public');
    const exportsDir = join(dir, 'dist-exports');
    await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir, exportsDir });
    return { publicDir, exportsDir };
  }

  it('writes _headers into the build output and the other hosts into the exports directory', async () => {
    const { publicDir, exportsDir } = await build();
    expect(await readFile(join(publicDir, '_headers'), 'utf8')).toContain('/api/v1/status\n');
    expect(Object.keys(await readTree(exportsDir)).sort()).toEqual([
      '/firebase.json',
      '/nginx-locations.conf',
      '/s3-upload.sh',
      '/vercel.json',
    ]);
  });

  it.each(PUBLISHED_PATHS)('gives %s its rule in every export before its file exists', async (path) => {
    // Read only: every path's test reads the same build.
    sharedBuild ??= build(sharedCleanups);
    const { publicDir, exportsDir } = await sharedBuild;
    expect(await readFile(join(publicDir, '_headers'), 'utf8')).toContain(`\n${path}\n`);
    expect(await readFile(join(exportsDir, 'nginx-locations.conf'), 'utf8')).toContain(`location = ${path} {`);
    const uploaded = (await readFile(join(exportsDir, 's3-upload.sh'), 'utf8')).match(/^for file in (.*); do$/gm);
    expect(uploaded?.flatMap((line) => line.slice('for file in '.length, -'; do'.length).split(' '))).toContain(
      path.slice(1),
    );
    const sources = (rules: { source: string }[]) => rules.map((rule) => rule.source);
    expect(sources(JSON.parse(await readFile(join(exportsDir, 'vercel.json'), 'utf8')).headers)).toContain(path);
    const firebaseRules: { regex: string }[] = JSON.parse(await readFile(join(exportsDir, 'firebase.json'), 'utf8'))
      .hosting.headers;
    expect(firebaseRules.filter((rule) => new RegExp(rule.regex, 'u').test(path))).toHaveLength(1);
  });

  it("gives each configured component's detail document its rule in every export before the probe writes it", async () => {
    const { exportsDir } = await build();
    // data/components.json configures the Control API first.
    const nginx = await readFile(join(exportsDir, 'nginx-locations.conf'), 'utf8');
    const location = nginx
      .split('\n\n')
      .find((block) => block.startsWith('location = /api/v1/component-history/control-api.json {'));
    expect(location).toContain('default_type "application/json";');
    expect(location).toContain('add_header Cache-Control "public, max-age=60";');
    expect(location).toContain('add_header Access-Control-Allow-Origin "*";');
  });

  it('picks up other published files and writes the same bytes when rebuilt', async () => {
    const { publicDir, exportsDir } = await build();
    await writeFile(join(publicDir, 'index.html'), '<!doctype html><title>status</title>\n');
    await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir, exportsDir });
    const first = { ...(await readTree(publicDir)), ...(await readTree(exportsDir)) };
    await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir, exportsDir });
    const second = { ...(await readTree(publicDir)), ...(await readTree(exportsDir)) };
    expect(second).toEqual(first);
    expect(first['/_headers']).toContain('\n/\n  X-Content-Type-Options: nosniff\n');
    expect(first['/_headers']).not.toContain('/_headers');
  });

  it('removes the modules earlier builds generated in place of the shared one, from public/ and the exports', async () => {
    const { publicDir, exportsDir } = await build();
    for (const path of RETIRED_MODULE_PATHS) {
      await writeFile(join(publicDir, path), 'export const STALE = true;\n');
      await writeFile(join(publicDir, `${path}.gz`), 'stale sibling');
    }
    await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir, exportsDir });
    const names = await readdir(publicDir);
    for (const path of RETIRED_MODULE_PATHS) {
      expect(names).not.toContain(path.slice(1));
      expect(names).not.toContain(`${path.slice(1)}.gz`);
      expect(await readFile(join(exportsDir, 's3-upload.sh'), 'utf8')).not.toContain(path);
    }
    expect(names).toContain(SHARED_MODULE_PATH.slice(1));
  });

  it('is not served by the thin handler, as static hosts do not serve it', async () => {
    const { publicDir } = await build();
    const running = await startServer({
      publicDir,
      headersFile: HEADERS_FILE,
      port: 0,
      host: '127.0.0.1',
      log: () => {},
    });
    cleanups.unshift(() => running.close());
    const response = await fetch(`${running.url}/_headers`);
    await response.text();
    expect(response.status).toBe(404);
  });
});
