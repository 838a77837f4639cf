import { copyFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UPTIME_PATH } from '../../../src/api-paths.js';
import { buildSite } from '../../../src/site/build-site.js';
import { publishDocuments, sampleDocuments } from '../../helpers/document-fixtures.js';
import { makeTempSite, REPO_ROOT, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let site: TempSite;
let server: TestServer | undefined;

beforeEach(async () => {
  site = await makeTempSite();
  await buildSite({ regionsFile: site.regionsFile, headersFile: site.headersFile, publicDir: site.publicDir });
  await publishDocuments(site.publicDir, [UPTIME_PATH]);
  server = await startTestServer(site);
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await site.remove();
});

async function send(path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  if (server === undefined) throw new Error('no server started');
  const response = await request(`${server.url}${path}`, { method, headers });
  const body = Buffer.from(await response.body.arrayBuffer());
  return { status: response.statusCode, headers: response.headers, body };
}

const published = Buffer.from(sampleDocuments()[UPTIME_PATH]);

describe('compression of the API documents at the origin', () => {
  it('sends the bytes as published to a client that asks for no coding', async () => {
    const response = await send(UPTIME_PATH);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.body.equals(published)).toBe(true);
  });

  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)(
    'sends %s to a client that prefers it, the same document once decoded',
    async (coding, accept, decode) => {
      const response = await send(UPTIME_PATH, { 'accept-encoding': accept });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(coding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['content-type']).toBe('application/json');
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      expect(response.body.length).toBeLessThan(published.length / 5);
      expect(decode(response.body).equals(published)).toBe(true);
    },
  );

  it('gives each encoding its own ETag, and a 304 only for the tag of the encoding negotiated', async () => {
    const identity = await send(UPTIME_PATH);
    const br = await send(UPTIME_PATH, { 'accept-encoding': 'br' });
    const gzip = await send(UPTIME_PATH, { 'accept-encoding': 'gzip' });
    const tags = [identity, br, gzip].map((response) => String(response.headers.etag));
    expect(new Set(tags).size).toBe(3);
    const again = await send(UPTIME_PATH, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers.vary).toBe('Accept-Encoding');
    expect(again.headers['content-encoding']).toBeUndefined();
    const otherCoding = await send(UPTIME_PATH, {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    });
    expect(otherCoding.status).toBe(200);
    expect(otherCoding.headers['content-encoding']).toBe('gzip');
  });

  it('answers HEAD with the length of the encoding negotiated and no body', async () => {
    const get = await send(UPTIME_PATH, { 'accept-encoding': 'br' });
    const head = await send(UPTIME_PATH, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('answers a byte range of the encoding negotiated with 206, and one past the end with 416', async () => {
    const whole = await send(UPTIME_PATH, { 'accept-encoding': 'gzip' });
    const part = await send(UPTIME_PATH, { 'accept-encoding': 'gzip', range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${whole.body.length}`);
    expect(part.headers['content-encoding']).toBe('gzip');
    expect(part.body.equals(whole.body.subarray(10, 20))).toBe(true);
    const tail = await send(UPTIME_PATH, { range: 'bytes=-16' });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(published.subarray(published.length - 16))).toBe(true);
    const past = await send(UPTIME_PATH, { range: `bytes=${published.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${published.length}`);
  });

  it('sends the whole body when If-Range names another version', async () => {
    const response = await send(UPTIME_PATH, { range: 'bytes=0-9', 'if-range': '"some-older-version"' });
    expect(response.status).toBe(200);
    expect(response.body.equals(published)).toBe(true);
    const current = await send(UPTIME_PATH);
    const matching = await send(UPTIME_PATH, { range: 'bytes=0-9', 'if-range': String(current.headers.etag) });
    expect(matching.status).toBe(206);
  });

  it('falls back to the bytes as published when every coding is refused', async () => {
    const response = await send(UPTIME_PATH, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.equals(published)).toBe(true);
  });
});

describe('compression of the page and the feed at the origin', () => {
  beforeEach(async () => {
    for (const file of ['index.html', 'status-page.js', 'status-page.css']) {
      await copyFile(join(REPO_ROOT, 'public', file), join(site.publicDir, file));
    }
  });

  it.each([
    ['/', 'text/html; charset=utf-8'],
    ['/status-page.js', 'application/javascript; charset=utf-8'],
    ['/status-page.css', 'text/css; charset=utf-8'],
  ])('sends %s in br with its headers.json headers, and as it is without Accept-Encoding', async (path, type) => {
    const plain = await send(path);
    const br = await send(path, { 'accept-encoding': 'br' });
    expect(plain.status).toBe(200);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe(type);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);
    const again = await send(path, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('keeps the page security policy on the compressed page', async () => {
    const br = await send('/', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers the first request after a file is replaced with the new version, in every encoding', async () => {
    const before = await send('/status-page.css', { 'accept-encoding': 'gzip' });
    const replacement = `${'body { color: black; }\n'.repeat(50)}`;
    await writeFile(join(site.publicDir, 'status-page.css'), replacement);
    // The new version is waited for while it settles, not answered by the one loaded before.
    const after = await send('/status-page.css', { 'accept-encoding': 'gzip' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(gunzipSync(after.body).toString()).toBe(replacement);
    const plain = await send('/status-page.css');
    expect(plain.body.toString()).toBe(replacement);
  });

  it('leaves a file reached through a symlink unserved, compressed or not', async () => {
    await writeFile(join(site.root, 'secret.txt'), 'not public\n'.repeat(100));
    await symlink(join(site.root, 'secret.txt'), join(site.publicDir, 'linked.txt'));
    const br = await send('/linked.txt', { 'accept-encoding': 'br' });
    expect(br.status).toBe(404);
    expect(br.body.toString()).not.toContain('not public');
  });
});
