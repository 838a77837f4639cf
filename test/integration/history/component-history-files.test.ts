import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPONENT_HISTORY_PATH, componentHistoryPath, documentFile } from '../../../src/api-paths.js';
import { createComponentHistoryPublisher } from '../../../src/history/publish-component-histories.js';
import { serializeComponentHistory } from '../../../src/history/serialize-uptime.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { buildSite } from '../../../src/site/build-site.js';
import { sampleComponentHistories } from '../../helpers/document-fixtures.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let site: TempSite;
let server: TestServer | undefined;

beforeEach(async () => {
  site = await makeTempSite();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await site.remove();
});

const files = (generatedAt = '2026-11-21T04:37:59Z') =>
  sampleComponentHistories(generatedAt).map((detail) => ({
    slug: detail.slug,
    json: serializeComponentHistory(detail),
  }));
const directory = () => documentFile(site.publicDir, COMPONENT_HISTORY_PATH);

describe('the probe writing the detail documents', () => {
  it('writes one {slug}.json per component, with the bytes it was given', async () => {
    const publish = createComponentHistoryPublisher(createPublicDirWriter(site.publicDir));
    const cycle = files();
    await publish(cycle);
    expect((await readdir(directory())).sort()).toEqual([
      'build-service.json',
      'control-api.json',
      'registry.json',
      'scheduler.json',
    ]);
    expect(await readFile(join(directory(), 'registry.json'), 'utf8')).toBe(
      cycle.find(({ slug }) => slug === 'registry')?.json,
    );
  });

  it('writes a file again only when its bytes changed', async () => {
    const publish = createComponentHistoryPublisher(createPublicDirWriter(site.publicDir));
    await publish(files());
    const before = await stat(join(directory(), 'control-api.json'));
    await publish(files());
    expect((await stat(join(directory(), 'control-api.json'))).ino).toBe(before.ino);
    await publish(files('2026-11-21T04:38:29Z'));
    expect((await stat(join(directory(), 'control-api.json'))).ino).not.toBe(before.ino);
  });

  it('removes the files, and their compressed siblings, of components no longer configured', async () => {
    await mkdir(directory(), { recursive: true });
    for (const name of ['gone.json', 'gone.json.br', 'gone.json.gz', 'notes.txt']) {
      await writeFile(join(directory(), name), 'left over');
    }
    const publish = createComponentHistoryPublisher(createPublicDirWriter(site.publicDir));
    await publish(files());
    expect(await readdir(directory())).not.toContain('gone.json');
    await publish(files().filter(({ slug }) => slug !== 'build-service'));
    expect((await readdir(directory())).sort()).toEqual([
      'control-api.json',
      'notes.txt',
      'registry.json',
      'scheduler.json',
    ]);
  });
});

describe('the probe writing the detail documents as they are made', () => {
  it('takes each document as the iteration reaches it, holding a few at a time, not the whole cycle', async () => {
    const publish = createComponentHistoryPublisher(createPublicDirWriter(site.publicDir));
    const first = files()[0];
    if (first === undefined) throw new Error('no document');
    const { json } = first;
    let made = 0;
    let mostHeld = 0;
    function* documents() {
      for (let index = 0; index < 200; index += 1) {
        const written = existsSync(directory()) ? readdirSync(directory()).length : 0;
        mostHeld = Math.max(mostHeld, made - written);
        made += 1;
        yield { slug: `component-${index}`, json };
      }
    }
    await publish(documents());
    expect(readdirSync(directory())).toHaveLength(200);
    expect(mostHeld).toBeGreaterThan(0);
    expect(mostHeld).toBeLessThanOrEqual(16);
  });
});

describe('the probe writing only the detail documents that are due', () => {
  it('keeps the files of configured components it did not write this cycle, and removes the others', async () => {
    const publish = createComponentHistoryPublisher(createPublicDirWriter(site.publicDir));
    const all = files();
    const slugs = all.map(({ slug }) => slug);
    await publish(all, slugs);
    const before = await stat(join(directory(), 'scheduler.json'));
    const later = files('2026-11-21T04:38:29Z');
    await publish(
      later.filter(({ slug }) => slug === 'registry'),
      slugs,
    );
    expect((await readdir(directory())).sort()).toEqual([
      'build-service.json',
      'control-api.json',
      'registry.json',
      'scheduler.json',
    ]);
    expect((await stat(join(directory(), 'scheduler.json'))).ino).toBe(before.ino);
    expect(await readFile(join(directory(), 'registry.json'), 'utf8')).toBe(
      later.find(({ slug }) => slug === 'registry')?.json,
    );
    await publish([], ['registry', 'scheduler']);
    expect((await readdir(directory())).sort()).toEqual(['registry.json', 'scheduler.json']);
  });
});

describe('serve answering a detail document', () => {
  async function send(path: string, headers: Record<string, string> = {}) {
    if (server === undefined) throw new Error('no server started');
    const response = await request(`${server.url}${path}`, { headers });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: Buffer.from(await response.body.arrayBuffer()),
    };
  }

  beforeEach(async () => {
    await buildSite({ regionsFile: site.regionsFile, headersFile: site.headersFile, publicDir: site.publicDir });
    server = await startTestServer(site);
  });

  it('answers 404 before the probe has written it', async () => {
    expect((await send(componentHistoryPath('scheduler'))).status).toBe(404);
  });

  it('answers it as JSON with the API headers, compressed on request, and 304 when unchanged', async () => {
    const published = files();
    await createComponentHistoryPublisher(createPublicDirWriter(site.publicDir))(published);
    const expected = published.find(({ slug }) => slug === 'scheduler')?.json ?? '';
    const plain = await send(componentHistoryPath('scheduler'));
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['cache-control']).toBe('public, max-age=60');
    expect(plain.headers['access-control-allow-origin']).toBe('*');
    expect(plain.body.toString()).toBe(expected);
    const br = await send(componentHistoryPath('scheduler'), { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(expected);
    const gzip = await send(componentHistoryPath('scheduler'), { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(expected);
    const again = await send(componentHistoryPath('scheduler'), { 'if-none-match': String(plain.headers.etag) });
    expect(again.status).toBe(304);
  });
});
