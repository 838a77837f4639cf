import { mkdir, symlink, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import { RegionListSchema } from '../../../src/schemas/region.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { startServer } from '../../../src/server/start-server.js';
import { buildSite } from '../../../src/site/build-site.js';
import { sendRaw, statusOf } from '../../helpers/raw-http.js';
import { publishStatus, sampleStatus, statusFile } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer, waitFor } from '../../helpers/test-server.js';

let site: TempSite;
let server: TestServer;

beforeEach(async () => {
  site = await makeTempSite();
  await buildSite({ regionsFile: site.regionsFile, publicDir: site.publicDir });
});
afterEach(async () => {
  await server?.close();
  await site.remove();
});

async function get(path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  const response = await request(`${server.url}${path}`, { method, headers });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text };
}

async function expectJsonError(path: string, status: number, code: string, method = 'GET') {
  const response = await request(`${server.url}${path}`, { method: method as 'GET' });
  const body = await response.body.json();
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toBe('application/json');
  expect(body).toEqual({ error: { code, message: expect.any(String) } });
  return response;
}

describe('GET /api/v1/regions', () => {
  beforeEach(async () => {
    server = await startTestServer(site);
  });

  it('answers 200 with exactly the contract headers and a schema-valid list', async () => {
    const response = await get('/api/v1/regions');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(RegionListSchema.parse(JSON.parse(response.text)).data.length).toBeGreaterThanOrEqual(10);
  });

  it('ignores a query string', async () => {
    expect((await get('/api/v1/regions?fresh=1')).status).toBe(200);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const full = await get('/api/v1/regions');
    const head = await get('/api/v1/regions', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(full.text)));
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.headers['cache-control']).toBe('public, max-age=300');
  });

  it('carries a strong ETag and answers a matching If-None-Match with 304, the same ETag and Cache-Control', async () => {
    const { headers } = await get('/api/v1/regions');
    const etag = String(headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const response = await get('/api/v1/regions', { 'if-none-match': ifNoneMatch });
      expect(response.status).toBe(304);
      expect(response.text).toBe('');
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
    }
  });

  it('answers 200 to an If-None-Match that does not match', async () => {
    expect((await get('/api/v1/regions', { 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'])(
    'answers %s with 405 and Allow: GET, HEAD',
    async (method) => {
      const response = await expectJsonError('/api/v1/regions', 405, 'method_not_allowed', method);
      expect(response.headers.allow).toBe('GET, HEAD');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );
});

describe('GET /api/v1/status', () => {
  it('answers 503 with a JSON error and no-store before any status exists', async () => {
    server = await startTestServer(site);
    const response = await expectJsonError('/api/v1/status', 503, 'service_unavailable');
    expect(response.headers['cache-control']).toBe('no-store');
    // One line for every document the probe writes (the notices are the build's, not written here), not one each.
    expect(server.logs).toEqual([
      `waiting for the probe: ${statusFile(site.publicDir)} and 13 more documents are not published yet`,
    ]);
  });

  it('serves documents as they are first published without a line each, and logs one that goes missing after', async () => {
    server = await startTestServer(site);
    await publishStatus(site.publicDir, sampleStatus());
    await waitFor(async () => (await get('/api/v1/status')).status === 200);
    expect(server.logs).toHaveLength(1);
    await unlink(statusFile(site.publicDir));
    await waitFor(async () =>
      server.logs.some(
        (line) => line === `${statusFile(site.publicDir)}: file not found (keeping the last good document)`,
      ),
    );
  });

  it('serves a status that appears after start-up within one second, with no-store', async () => {
    server = await startTestServer(site);
    const text = await publishStatus(site.publicDir, sampleStatus());
    await waitFor(async () => (await get('/api/v1/status')).status === 200, 1_000);
    const response = await get('/api/v1/status');
    expect(response.text).toBe(text);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(ServiceStatusSchema.parse(JSON.parse(response.text)).version).toBe('v1');
  });

  it('serves a replaced status within one second', async () => {
    await publishStatus(site.publicDir, sampleStatus());
    server = await startTestServer(site);
    const next = await publishStatus(site.publicDir, sampleStatus({ status: 'major_outage' }));
    await waitFor(async () => (await get('/api/v1/status')).text === next, 1_000);
  });

  it('answers If-None-Match with 304 carrying the ETag and no-store', async () => {
    await publishStatus(site.publicDir, sampleStatus());
    server = await startTestServer(site);
    const etag = String((await get('/api/v1/status')).headers.etag);
    const response = await get('/api/v1/status', { 'if-none-match': etag });
    expect(response.status).toBe(304);
    expect(response.headers.etag).toBe(etag);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['a half-written document', (text: string) => text.slice(0, text.length / 2)],
    ['an empty file', () => ''],
    ['a document of the wrong schema', () => JSON.stringify({ status: 'fine' })],
    ['an invented status value', (text: string) => text.replace('"operational"', '"ok"')],
  ])('keeps serving the last good document over %s, and logs why', async (_name, corrupt) => {
    const good = await publishStatus(site.publicDir, sampleStatus());
    server = await startTestServer(site);
    await writeFile(statusFile(site.publicDir), corrupt(good));
    await waitFor(async () => server.logs.some((line) => line.includes('keeping the last good document')));
    const response = await get('/api/v1/status');
    expect(response.status).toBe(200);
    expect(response.text).toBe(good);
  });

  it('keeps serving the last good document when the file is deleted, and logs it', async () => {
    const good = await publishStatus(site.publicDir, sampleStatus());
    server = await startTestServer(site);
    await unlink(statusFile(site.publicDir));
    await waitFor(async () =>
      server.logs.some((line) => line.includes('file not found (keeping the last good document)')),
    );
    expect((await get('/api/v1/status')).text).toBe(good);
  });

  it('keeps the newer of two statuses: one made before the one served is refused, and logged once', async () => {
    const served = await publishStatus(site.publicDir, sampleStatus({ updated_at: '2026-11-21T04:37:59Z' }));
    server = await startTestServer(site);
    // A writer that lost its lease, replacing the file late with what it saw before its successor.
    await publishStatus(site.publicDir, sampleStatus({ status: 'major_outage', updated_at: '2026-11-21T04:37:55Z' }));
    await waitFor(async () => server.logs.some((line) => line.includes('before the version served')));
    expect((await get('/api/v1/status')).text).toBe(served);
    const next = await publishStatus(site.publicDir, sampleStatus({ updated_at: '2026-11-21T04:38:00Z' }));
    await waitFor(async () => (await get('/api/v1/status')).text === next, 1_000);
    expect(server.logs.filter((line) => line.includes('before the version served'))).toHaveLength(1);
  });

  it('takes an older status when the one served is from its own clock’s future: a clock was stepped back', async () => {
    await publishStatus(site.publicDir, sampleStatus({ updated_at: '2026-11-21T05:37:59Z' }));
    server = await startTestServer(site, { now: () => new Date('2026-11-21T04:38:01Z') });
    const corrected = await publishStatus(site.publicDir, sampleStatus({ updated_at: '2026-11-21T04:38:00Z' }));
    await waitFor(async () => (await get('/api/v1/status')).text === corrected, 2_000);
  });

  it('is served from memory for an equivalent encoded path', async () => {
    const good = await publishStatus(site.publicDir, sampleStatus());
    server = await startTestServer(site);
    const raw = await sendRaw(server.port, 'GET /api/v1/%73tatus HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(statusOf(raw)).toBe(200);
    expect(raw.endsWith(good)).toBe(true);
    expect(raw).toContain('Cache-Control: no-store');
  });
});

describe('everything else in public/', () => {
  beforeEach(async () => {
    await writeFile(join(site.publicDir, 'hello.txt'), 'hello');
    await mkdir(join(site.publicDir, 'docs'));
    await writeFile(join(site.publicDir, 'docs', 'guide.txt'), 'guide');
    await writeFile(join(site.publicDir, '.env'), 'SECRET=1');
    await writeFile(join(site.root, 'outside.txt'), 'outside');
    await symlink(join(site.root, 'outside.txt'), join(site.publicDir, 'linked.txt'));
    await symlink(site.root, join(site.publicDir, 'linked-dir'));
    server = await startTestServer(site);
  });

  it('serves a plain file with the headers.json rules applied', async () => {
    const response = await get('/hello.txt');
    expect(response.status).toBe(200);
    expect(response.text).toBe('hello');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a missing file with a JSON 404', async () => {
    await expectJsonError('/nope.txt', 404, 'not_found');
  });

  it('answers clean URLs: a page by its name, and its .html name redirected there', async () => {
    await writeFile(join(site.publicDir, 'docs', 'index.html'), '<p>docs</p>');
    await writeFile(join(site.publicDir, 'about.html'), '<p>about</p>');
    expect((await get('/docs')).text).toBe('<p>docs</p>');
    expect((await get('/about')).text).toBe('<p>about</p>');
    const redirected = await get('/about.html');
    expect(redirected.status).toBe(301);
    expect(redirected.headers.location).toBe('/about');
    expect(redirected.headers['x-content-type-options']).toBe('nosniff');
    // Two steps, as serve-handler took them: the .html first, then the /index.
    expect((await get('/docs/index.html')).headers.location).toBe('/docs/index');
    expect((await get('/docs/index')).headers.location).toBe('/docs');
  });

  it('never lists a directory', async () => {
    await expectJsonError('/docs/', 404, 'not_found');
    await expectJsonError('/docs', 404, 'not_found');
  });

  it('never serves a dotfile', async () => {
    await expectJsonError('/.env', 404, 'not_found');
  });

  it('never follows a symlink to a file', async () => {
    await expectJsonError('/linked.txt', 404, 'not_found');
  });

  it('never follows a symlinked directory', async () => {
    await expectJsonError('/linked-dir/outside.txt', 404, 'not_found');
  });

  it.each(['/hello.txt', '/healthz', '/no-such-file'])('answers other methods at %s with 405', async (path) => {
    const response = await expectJsonError(path, 405, 'method_not_allowed', 'POST');
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('answers a malformed URL with 400 whatever the method', async () => {
    const raw = await sendRaw(
      server.port,
      'POST /%zz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    );
    expect(statusOf(raw)).toBe(400);
  });

  it('answers a malformed URL with a JSON 400', async () => {
    const raw = await sendRaw(server.port, 'GET /%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(statusOf(raw)).toBe(400);
    expect(raw).toContain('"code":"bad_request"');
  });

  it('answers a traversal attempt with 400 and never the file outside', async () => {
    const raw = await sendRaw(server.port, 'GET /../outside.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(statusOf(raw)).toBe(400);
    expect(raw).not.toContain('outside\n');
  });
});

describe('start-up', () => {
  it('refuses to start when headers.json leaves an API path without Cache-Control, naming file and reason', async () => {
    const config = {
      headers: [{ source: 'api/v1/**', headers: [{ key: 'Content-Type', value: 'application/json' }] }],
    };
    await writeFile(site.headersFile, JSON.stringify(config));
    const start = startServer({ publicDir: site.publicDir, headersFile: site.headersFile, port: 0, host: '127.0.0.1' });
    await expect(start).rejects.toThrow(InputError);
    await expect(start).rejects.toThrow(
      /headers\.json: headers: no rule gives \/api\/v1\/regions a Cache-Control header/,
    );
  });
});
