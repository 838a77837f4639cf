import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeAtomically } from '../../../src/io/write-atomically.js';
import { ObservationsDocumentSchema } from '../../../src/schemas/observations.js';
import { buildSite } from '../../../src/site/build-site.js';
import { sampleObservations } from '../../helpers/observations-fixture.js';
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

async function publish(text: string): Promise<void> {
  await writeAtomically(join(site.publicDir, 'api', 'v1', 'observations'), text);
}

async function get(headers: Record<string, string> = {}) {
  const response = await request(`${server.url}/api/v1/observations`, { headers });
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
}

describe('GET /api/v1/observations', () => {
  it('answers 404 with no-store before the probe has observed anything: a deployment may leave it out', async () => {
    server = await startTestServer(site);
    const response = await get();
    expect(response.status).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(response.text).error.code).toBe('not_found');
  });

  it('serves what the probe wrote, from memory, as application/json with no-store and CORS', async () => {
    server = await startTestServer(site);
    const text = `${JSON.stringify(sampleObservations())}\n`;
    await publish(text);
    await waitFor(async () => (await get()).status === 200, 2_000);
    const response = await get();
    expect(response.text).toBe(text);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(ObservationsDocumentSchema.parse(JSON.parse(response.text)).region).toBe('ams1');
    const again = await get({ 'if-none-match': String(response.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('keeps serving the last good document when the file turns invalid', async () => {
    const good = `${JSON.stringify(sampleObservations())}\n`;
    await publish(good);
    server = await startTestServer(site);
    await publish(JSON.stringify({ ...sampleObservations(), region: 'Amsterdam 1' }));
    await waitFor(async () => server.logs.some((line) => line.includes('observations')), 2_000);
    expect((await get()).text).toBe(good);
  });
});
