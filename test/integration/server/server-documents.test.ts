import { writeFile } from 'node:fs/promises';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_DOCUMENTS, MAX_API_DOCUMENT_BYTES } from '../../../src/api-documents.js';
import { documentFile, FEED_PATH, INCIDENTS_PATH, NOTICES_PATH, UPTIME_PATH } from '../../../src/api-paths.js';
import { buildSite } from '../../../src/site/build-site.js';
import { publishDocuments, sampleDocuments, sampleUptime } from '../../helpers/document-fixtures.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer, waitFor } from '../../helpers/test-server.js';

let site: TempSite;
let server: TestServer | undefined;

beforeEach(async () => {
  site = await makeTempSite();
  await buildSite({ regionsFile: site.regionsFile, headersFile: site.headersFile, publicDir: site.publicDir });
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await site.remove();
});

async function send(path: string, method = 'GET', headers: Record<string, string> = {}) {
  if (server === undefined) throw new Error('no server started');
  const response = await request(`${server.url}${path}`, { method: method as 'GET', headers });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text };
}

describe('the table of API documents', () => {
  it('lists every JSON document path once, so that each is answered from memory', () => {
    expect(API_DOCUMENTS.map((document) => document.path)).toEqual([
      '/api/v1/regions',
      '/api/v1/status',
      '/api/v1/uptime',
      '/api/v1/incidents',
      '/api/v1/notices',
      '/api/v1/observations',
      '/api/v1/heartbeats',
      '/api/v2/summary.json',
      '/api/v2/status.json',
      '/api/v2/components.json',
      '/api/v2/incidents.json',
      '/api/v2/incidents/unresolved.json',
      '/api/v2/scheduled-maintenances.json',
      '/api/v2/scheduled-maintenances/upcoming.json',
      '/api/v2/scheduled-maintenances/active.json',
    ]);
  });
});

describe.each([UPTIME_PATH, INCIDENTS_PATH, NOTICES_PATH] as const)('%s on the thin handler', (path) => {
  const good = sampleDocuments()[path];

  it('answers 404 with a JSON error and no-store while the document is not published, as a static host does', async () => {
    server = await startTestServer(site);
    const response = await send(path);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['retry-after']).toBeUndefined();
    expect(JSON.parse(response.text)).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('answers from memory with exactly the headers.json headers, an ETag and the bytes published', async () => {
    await publishDocuments(site.publicDir, [path]);
    server = await startTestServer(site);
    const response = await send(path);
    expect(response.status).toBe(200);
    expect(response.text).toBe(good);
    expect(response.headers).toMatchObject({
      'content-type': 'application/json',
      'cache-control': 'public, max-age=60',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
      'content-length': String(Buffer.byteLength(good)),
    });
    // serve-handler would add Last-Modified and Content-Disposition: the fast path sends neither. Vary comes
    // with a compressed form, which a document too small to gain from compression does not have.
    expect(Object.keys(response.headers).sort()).toEqual(
      [
        ...(response.headers.vary === undefined ? [] : ['vary']),
        'accept-ranges',
        'access-control-allow-origin',
        'cache-control',
        'connection',
        'content-length',
        'content-type',
        'date',
        'etag',
        'keep-alive',
        'x-content-type-options',
      ].sort(),
    );
  });

  it('answers HEAD with the same headers and no body, and 304 to a matching If-None-Match', async () => {
    await publishDocuments(site.publicDir, [path]);
    server = await startTestServer(site);
    const get = await send(path);
    const head = await send(path, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    const notModified = await send(path, 'GET', { 'if-none-match': String(get.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.etag).toBe(get.headers.etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=60');
  });

  it('answers other methods with 405 and Allow', async () => {
    await publishDocuments(site.publicDir, [path]);
    server = await startTestServer(site);
    const response = await send(path, 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it.each([
    ['a half-written document', (text: string) => text.slice(0, text.length / 2)],
    ['a document of another schema', () => '{"status":"operational"}\n'],
    ['an added field', (text: string) => text.replace('"version":"v1"', '"version":"v1","extra":1')],
  ])('never takes in %s: the last good version stays', async (_name, corrupt) => {
    await publishDocuments(site.publicDir, [path]);
    server = await startTestServer(site);
    await writeFile(documentFile(site.publicDir, path), corrupt(good));
    const running = server;
    await waitFor(async () => running.logs.some((line) => line.includes('keeping the last good document')));
    const response = await send(path);
    expect(response.status).toBe(200);
    expect(response.text).toBe(good);
  });

  it('serves a document that appears after start-up within one second', async () => {
    server = await startTestServer(site);
    await publishDocuments(site.publicDir, [path]);
    await waitFor(async () => (await send(path)).status === 200, 1_000);
    expect((await send(path)).text).toBe(good);
  });
});

describe(`${FEED_PATH} on the thin handler`, () => {
  it('is a static file with the headers.json Content-Type and Cache-Control, an ETag and 304', async () => {
    await publishDocuments(site.publicDir, [FEED_PATH]);
    server = await startTestServer(site);
    const response = await send(FEED_PATH);
    expect(response.status).toBe(200);
    expect(response.text).toBe(sampleDocuments()[FEED_PATH]);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await send(FEED_PATH, 'GET', { 'if-none-match': etag })).status).toBe(304);
  });

  it('answers a JSON 404 before the feed is written', async () => {
    server = await startTestServer(site);
    const response = await send(FEED_PATH);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text)).toEqual({ error: { code: 'not_found', message: 'no such resource' } });
  });
});

describe('the uptime document of many components', () => {
  it('is served past the 1 MiB cap of the other documents, since it grows by about 2 KiB a component', async () => {
    const sample = sampleUptime();
    const template = sample.components[0];
    if (template === undefined) throw new Error('the sample has no component');
    const components = Array.from({ length: 1_000 }, (_, index) => ({
      ...template,
      name: `Component ${index}`,
      slug: `component-${index}`,
    }));
    const body = `${JSON.stringify({ ...sample, components })}\n`;
    expect(body.length).toBeGreaterThan(MAX_API_DOCUMENT_BYTES);
    await writeFile(documentFile(site.publicDir, UPTIME_PATH), body);
    server = await startTestServer(site);
    const response = await send(UPTIME_PATH);
    expect(response.status).toBe(200);
    expect(response.text).toBe(body);
  });
});
