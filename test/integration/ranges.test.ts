import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishStatus, sampleStatus } from '../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../helpers/temp-site.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let site: TempSite;
let server: TestServer;
let status: Buffer;

beforeEach(async () => {
  site = await makeTempSite();
  status = Buffer.from(await publishStatus(site.publicDir, sampleStatus()));
  server = await startTestServer(site);
});
afterEach(async () => {
  await server.close();
  await site.remove();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await request(`${server.url}${path}`, { headers });
  const body = Buffer.from(await response.body.arrayBuffer());
  return { status: response.statusCode, headers: response.headers, body };
}

describe('the headers docs/api.md promises on every answer', () => {
  it('carries them on a 416 as on the 200, with no body', async () => {
    const whole = await get('/api/v1/status');
    const refused = await get('/api/v1/status', { range: 'bytes=-0' });
    expect(refused.status).toBe(416);
    expect(refused.body.length).toBe(0);
    expect(refused.headers['content-range']).toBe(`bytes */${status.length}`);
    for (const name of ['access-control-allow-origin', 'x-content-type-options', 'cache-control', 'etag', 'vary']) {
      expect(refused.headers[name], name).toBe(whole.headers[name]);
    }
  });
});
