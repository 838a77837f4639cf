import { readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Pool } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RegionListSchema } from '../../../src/schemas/region.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { buildSite } from '../../../src/site/build-site.js';
import { publishStatus, sampleStatus } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let site: TempSite;
let server: TestServer;
let pool: Pool | undefined;

beforeEach(async () => {
  site = await makeTempSite();
  await buildSite({ regionsFile: site.regionsFile, publicDir: site.publicDir });
  await publishStatus(site.publicDir, sampleStatus());
  await writeFile(join(site.publicDir, 'notes.txt'), 'static '.repeat(2_000));
  server = await startTestServer(site);
});
afterEach(async () => {
  await pool?.destroy();
  pool = undefined;
  await server.close();
  await site.remove();
});

const openDescriptors = () => readdirSync('/proc/self/fd').length;

async function get(path: string, headers: Record<string, string> = {}) {
  if (!pool) throw new Error('no pool');
  const response = await pool.request({ path, method: 'GET', headers });
  return { status: response.statusCode, etag: String(response.headers.etag), text: await response.body.text() };
}

describe('conditional requests', () => {
  it.each(['/notes.txt', '/api/v1/status', '/api/v1/regions'])(
    'leave descriptors flat across 3,000 If-None-Match requests for %s',
    async (path) => {
      pool = new Pool(server.url, { connections: 8 });
      const { etag } = await get(path);
      const conditional = async (count: number) => {
        for (let sent = 0; sent < count; sent += 50) {
          const statuses = await Promise.all(
            Array.from({ length: 50 }, async () => (await get(path, { 'if-none-match': etag })).status),
          );
          expect(new Set(statuses)).toEqual(new Set([304]));
        }
      };
      await conditional(100);
      const before = openDescriptors();
      await conditional(3_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(openDescriptors() - before).toBeLessThan(10);
    },
  );
});

describe('load', () => {
  it('serves 1,000 concurrent keep-alive connections on the API paths without an error', async () => {
    let connections = 0;
    server.server.on('connection', () => {
      connections += 1;
    });
    pool = new Pool(server.url, { connections: 1_000, pipelining: 1, keepAliveTimeout: 30_000 });
    const rssBefore = process.memoryUsage().rss;
    for (const round of [1, 2]) {
      const results = await Promise.allSettled(
        Array.from({ length: 1_000 }, (_, index) => get(index % 2 ? '/api/v1/status' : '/api/v1/regions')),
      );
      const failed = results.filter((result) => result.status === 'rejected' || result.value.status !== 200);
      expect(failed, `round ${round}`).toEqual([]);
      for (const [index, result] of results.entries()) {
        if (result.status !== 'fulfilled') continue;
        const schema = index % 2 ? ServiceStatusSchema : RegionListSchema;
        expect(schema.safeParse(JSON.parse(result.value.text)).success).toBe(true);
      }
    }
    expect(connections).toBeGreaterThanOrEqual(900);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(256 * 1024 * 1024);
  });
});
