import type { ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Pool } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStaleTempFiles } from '../../../src/io/remove-stale-temp-files.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { startRewriter } from '../../helpers/rewriter.js';
import { publishStatus, sampleStatus, statusFile } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let site: TempSite;
let server: TestServer | undefined;
let writer: ChildProcess | undefined;

/** Two valid documents of different sizes, so that a torn mix of them is never valid. */
const documents = [
  `${JSON.stringify(sampleStatus())}\n`,
  `${JSON.stringify(sampleStatus({ status: 'major_outage', region: `Amsterdam 1 ${'x'.repeat(4_000)}` }))}\n`,
];

beforeEach(async () => {
  site = await makeTempSite();
  await publishStatus(site.publicDir, sampleStatus());
});
afterEach(async () => {
  writer?.kill('SIGKILL');
  writer = undefined;
  await server?.close();
  server = undefined;
  await site.remove();
});

async function startWriter(mode: 'atomic' | 'in-place', docs: string[]): Promise<ChildProcess> {
  writer = await startRewriter(site.root, mode, statusFile(site.publicDir), docs);
  return writer;
}

/** Fires `total` GETs at the status, 32 at a time, and returns every distinct body seen. */
async function readStatusUnderLoad(total: number): Promise<{ bodies: Set<string>; statuses: Set<number> }> {
  if (!server) throw new Error('no server');
  const pool = new Pool(server.url, { connections: 32 });
  const bodies = new Set<string>();
  const statuses = new Set<number>();
  try {
    for (let sent = 0; sent < total; sent += 32) {
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          const response = await pool.request({ path: '/api/v1/status', method: 'GET' });
          statuses.add(response.statusCode);
          bodies.add(await response.body.text());
        }),
      );
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    await pool.close();
  }
  return { bodies, statuses };
}

describe('torn and corrupt files', () => {
  it.each(['atomic', 'in-place'] as const)(
    'never serves anything but a whole, schema-valid document while a writer rewrites it (%s)',
    async (mode) => {
      server = await startTestServer(site);
      await startWriter(mode, documents);
      const { bodies, statuses } = await readStatusUnderLoad(4_000);
      expect(statuses).toEqual(new Set([200]));
      for (const body of bodies) {
        expect(documents).toContain(body);
        expect(ServiceStatusSchema.safeParse(JSON.parse(body)).success).toBe(true);
      }
      expect(bodies.size, 'the file changed while it was being read').toBe(2);
    },
  );

  it('leaves a whole document after a writer is killed with SIGKILL mid-write, and start-up cleans its temp files', async () => {
    const big = [`${JSON.stringify(sampleStatus({ region: 'y'.repeat(2_000_000) }))}\n`, documents[0] as string];
    for (let kill = 0; kill < 5; kill += 1) {
      const child = await startWriter('atomic', big);
      await new Promise((resolve) => setTimeout(resolve, 20 + kill * 15));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      const text = await readFile(statusFile(site.publicDir), 'utf8');
      expect(big).toContain(text);
    }
    const dir = join(site.publicDir, 'api', 'v1');
    const removed = await removeStaleTempFiles(statusFile(site.publicDir));
    expect(removed.length, 'at least one kill landed mid-write').toBeGreaterThan(0);
    expect(removed.every((name) => name.startsWith('.status.') && name.endsWith('.tmp'))).toBe(true);
    expect(await readdir(dir)).toEqual(['status']);
  });
});
