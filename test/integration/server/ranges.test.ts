import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COMPRESSED_FILE_BYTES } from '../../../src/server/compressed-files.js';
import { publishStatus, sampleStatus } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let site: TempSite;
let server: TestServer;

/** Each way a body is answered: a document from memory, a file compressed in memory, files streamed from disk. */
const PATHS = {
  document: '/api/v1/status',
  compressed: '/app.js',
  streamed: '/picture.png',
  'streamed, too large to compress': '/large.json',
} as const;

beforeAll(async () => {
  site = await makeTempSite();
  await publishStatus(site.publicDir, sampleStatus());
  await writeFile(join(site.publicDir, 'app.js'), 'console.log("a script worth compressing");\n'.repeat(100));
  await writeFile(join(site.publicDir, 'picture.png'), randomBytes(5_000));
  await writeFile(join(site.publicDir, 'large.json'), Buffer.alloc(MAX_COMPRESSED_FILE_BYTES + 1, '['));
  server = await startTestServer(site);
});
afterAll(async () => {
  await server.close();
  await site.remove();
});

async function send(path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  const response = await request(`${server.url}${path}`, { method, headers });
  const body = Buffer.from(await response.body.arrayBuffer());
  return { status: response.statusCode, headers: response.headers, body };
}

describe.each(Object.entries(PATHS))('ranges and conditions on a %s (%s)', (_kind, path) => {
  let whole: Awaited<ReturnType<typeof send>>;
  let etag: string;
  beforeAll(async () => {
    whole = await send(path);
    etag = String(whole.headers.etag);
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(etag).toMatch(/^"[^"]+"$/);
  });

  it.each([
    ['another unit', 'items=0-5'],
    ['no numbers', 'bytes=abc'],
    ['an end before its start', 'bytes=10-5'],
    ['a list of ranges', 'bytes=5-9,0-1'],
  ])('ignores %s (%s) and sends the whole body', async (_name, range) => {
    const response = await send(path, { range });
    expect(response.status).toBe(200);
    expect(response.headers['content-range']).toBeUndefined();
    expect(response.body.equals(whole.body)).toBe(true);
  });

  it('answers one range with 206 and those bytes', async () => {
    const response = await send(path, { range: 'bytes=5-9' });
    expect(response.status).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 5-9/${whole.body.length}`);
    expect(response.body.equals(whole.body.subarray(5, 10))).toBe(true);
  });

  it('answers a suffix longer than the body with every byte', async () => {
    const response = await send(path, { range: 'bytes=-99999999999999999999' });
    expect(response.status).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-${whole.body.length - 1}/${whole.body.length}`);
    expect(response.body.equals(whole.body)).toBe(true);
  });

  it('answers a range past the end with 416, no body, and the headers of a 304', async () => {
    for (const range of [`bytes=${whole.body.length}-`, 'bytes=-0']) {
      const response = await send(path, { range });
      expect(response.status).toBe(416);
      expect(response.body.length).toBe(0);
      expect(response.headers['content-range']).toBe(`bytes */${whole.body.length}`);
      for (const name of ['etag', 'cache-control', 'access-control-allow-origin', 'x-content-type-options']) {
        expect(response.headers[name], name).toBe(whole.headers[name]);
      }
    }
  });

  it.each([
    ['a stale tag', () => '"stale"'],
    ['the weak form of the tag', () => `W/${etag}`],
    ['a date', () => new Date(Date.now() + 60_000).toUTCString()],
  ])('sends the whole body when If-Range holds %s', async (_name, validator) => {
    const response = await send(path, { range: 'bytes=0-3', 'if-range': validator() });
    expect(response.status).toBe(200);
    expect(response.body.equals(whole.body)).toBe(true);
  });

  it('honours the range when If-Range holds the current tag', async () => {
    const response = await send(path, { range: 'bytes=0-3', 'if-range': etag });
    expect(response.status).toBe(206);
    expect(response.body.equals(whole.body.subarray(0, 4))).toBe(true);
  });

  it('answers If-None-Match with the tag, weak or in a list, with 304 and its headers', async () => {
    for (const tags of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await send(path, { 'if-none-match': tags });
      expect(response.status, tags).toBe(304);
      expect(response.body.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers HEAD with a range as GET without one, and no body', async () => {
    const response = await send(path, { range: 'bytes=0-3' }, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(0);
    expect(response.headers['content-length']).toBe(String(whole.body.length));
  });
});
