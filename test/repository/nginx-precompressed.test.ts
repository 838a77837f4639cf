import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProber } from '../../src/probe-process/create-prober.js';
import { createPublicDirWriter } from '../../src/public-dir/public-dir-writer.js';
import { buildSite } from '../../src/site/build-site.js';
import { HEADERS_FILE, REGIONS_FILE } from '../helpers/fixtures.js';
import { NGINX, startNginx } from '../helpers/nginx.js';
import { copyPageFiles } from '../helpers/page-files.js';
import { checkAt, settingsFor } from '../helpers/probe-settings.js';
import { useStandins } from '../helpers/standins.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

/** Debian's libnginx-mod-http-brotli-static; without it only the gzip siblings are tried. */
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const PAGE_SCRIPT = 'status-page.js';

const standin = useStandins();
let dir: string;
let nginxPort: number;
const cleanups: (() => Promise<void> | void)[] = [];

const tempDir = tempDirsPerTest({ prefix: 'nginx-precompressed-' });
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** nginx with the exported locations, gzip_static (and brotli_static) on, and no on-the-fly gzip at the server level. */
async function startPrecompressedNginx(publicDir: string, exportsDir: string): Promise<void> {
  const brotli = existsSync(BROTLI_STATIC);
  const nginx = await startNginx(dir, (port) => ({
    main: brotli ? [`load_module ${BROTLI_STATIC};`] : [],
    http: `  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    root ${publicDir};
    gzip off;
    gzip_static on;
    gzip_vary on;
    ${brotli ? 'brotli_static on;' : ''}
    include ${exportsDir}/nginx-locations.conf;
  }`,
  }));
  cleanups.push(nginx.stop);
  nginxPort = nginx.port;
}

async function get(path: string, acceptEncoding?: string) {
  const response = await request(`http://127.0.0.1:${nginxPort}${path}`, {
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: Buffer.from(await response.body.arrayBuffer()),
  };
}

describe.skipIf(!existsSync(NGINX))('precompressed siblings, served by a real nginx with gzip_static', () => {
  it('sends the siblings the build and a probe cycle wrote, with the type and Vary, and the new one after the next cycle', async () => {
    const publicDir = join(dir, 'public');
    const exportsDir = join(dir, 'exports');
    // The page's own script, which no one writes but the build gives siblings.
    await copyPageFiles(publicDir);
    await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir, exportsDir, precompress: true });
    const component = await standin({ mode: 'healthy' });
    // Enough components for a status over nginx's 256-byte gzip_min_length.
    const names = ['Control API', 'Scheduler', 'Build service', 'Registry', 'Metrics', 'Logs'];
    let clockOffsetMs = 0;
    const settings = settingsFor(names.map((name) => ({ name, checks: [checkAt(`${component.origin}/healthz`)] })));
    const prober = createProber({
      settings,
      publicDir: createPublicDirWriter(publicDir, { precompress: true }),
      stateFile: join(dir, '.state', 'probe-state.json'),
      log: { info: () => {}, error: () => {} },
      // A minute on between cycles: the next status differs at least in its updated_at.
      now: () => new Date(Date.now() + clockOffsetMs),
    });
    cleanups.push(() => prober.close());
    expect(await prober.runCycle()).toMatchObject({ published: true });
    await startPrecompressedNginx(publicDir, exportsDir);

    const statusFile = join(publicDir, 'api/v1/status');
    const first = await readFile(statusFile);
    const gzipped = await get('/api/v1/status', 'gzip');
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('application/json');
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(gzipped.body)).toEqual(first);
    // The very bytes of the sibling, with their length: nginx compressed nothing itself.
    expect(gzipped.body).toEqual(await readFile(`${statusFile}.gz`));
    expect(gzipped.headers['content-length']).toBe(String(gzipped.body.length));

    const identity = await get('/api/v1/status');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toEqual(first);

    const script = await get(`/${PAGE_SCRIPT}`, 'gzip');
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(gunzipSync(script.body)).toEqual(await readFile(join(publicDir, PAGE_SCRIPT)));

    const regions = await get('/api/v1/regions', 'gzip');
    expect(regions.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(regions.body)).toEqual(await readFile(join(publicDir, 'api/v1/regions')));

    if (existsSync(BROTLI_STATIC)) {
      const brotli = await get('/api/v1/status', 'br, gzip');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toBe('application/json');
      expect(brotli.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(brotli.body)).toEqual(first);
    }

    clockOffsetMs += 60_000;
    expect(await prober.runCycle()).toMatchObject({ published: true });
    const second = await readFile(statusFile);
    expect(second).not.toEqual(first);
    const after = await get('/api/v1/status', 'gzip');
    expect(after.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(after.body)).toEqual(second);
  });
});
