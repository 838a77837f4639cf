import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UPTIME_PATH } from '../../../src/api-paths.js';
import { writeAtomically } from '../../../src/io/write-atomically.js';
import { formatTimestamp } from '../../../src/schemas/service-status.js';
import type { UptimeDocument } from '../../../src/schemas/uptime.js';
import { type RunningServer, startServer } from '../../../src/server/start-server.js';
import { publishStatus, sampleStatus } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { waitFor } from '../../helpers/test-server.js';

let site: TempSite;
let server: RunningServer;
const now = new Date('2026-11-21T12:00:00Z');

beforeEach(async () => {
  site = await makeTempSite();
  server = await startServer({
    publicDir: site.publicDir,
    headersFile: site.headersFile,
    port: 0,
    host: '127.0.0.1',
    log: () => {},
    staleAfterMs: 60_000,
    now: () => now,
  });
});
afterEach(async () => {
  await server.close();
  await site.remove();
});

async function healthz() {
  const response = await request(`${server.url}/healthz`);
  return { status: response.statusCode, headers: response.headers, body: await response.body.json() };
}

describe('GET /healthz', () => {
  it('answers 503 with the reason while no status exists', async () => {
    const response = await healthz();
    expect(response.status).toBe(503);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({
      error: { code: 'status_missing', message: expect.stringContaining('no valid status') },
    });
  });

  it('answers 200 while the status is fresh', async () => {
    await publishStatus(site.publicDir, sampleStatus({ updated_at: formatTimestamp(new Date(now.getTime() - 5_000)) }));
    await waitFor(async () => (await healthz()).status === 200);
    expect((await healthz()).body).toEqual({ status: 'ok', updated_at: '2026-11-21T11:59:55Z', age_seconds: 5 });
  });

  it('answers 503 with the reason once the status is older than the configured age', async () => {
    await publishStatus(site.publicDir, sampleStatus({ updated_at: '2026-11-21T11:58:59Z' }));
    await waitFor(async () => (await request(`${server.url}/api/v1/status`).then((r) => r.body.text())).includes('v1'));
    const response = await healthz();
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: { code: 'status_stale', message: expect.stringContaining('61 s ago') } });
  });

  it('answers 503 with its own reason for a status from the future', async () => {
    await publishStatus(site.publicDir, sampleStatus({ updated_at: '2026-11-21T12:05:00Z' }));
    await waitFor(async () => (await request(`${server.url}/api/v1/status`).then((r) => r.body.text())).includes('v1'));
    const response = await healthz();
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      error: { code: 'status_from_future', message: expect.stringContaining('300 s ahead') },
    });
  });
});

describe('GET /healthz without a fixed bound', () => {
  let probeSite: TempSite;
  let probeServer: RunningServer;

  beforeEach(async () => {
    probeSite = await makeTempSite();
    probeServer = await startServer({
      publicDir: probeSite.publicDir,
      headersFile: probeSite.headersFile,
      port: 0,
      host: '127.0.0.1',
      log: () => {},
      fallbackStaleAfterMs: 90_000,
      now: () => now,
    });
  });
  afterEach(async () => {
    await probeServer.close();
    await probeSite.remove();
  });

  async function health() {
    const response = await request(`${probeServer.url}/healthz`);
    return { status: response.statusCode, body: await response.body.json() };
  }

  async function publishTwentySecondOldStatus() {
    await publishStatus(probeSite.publicDir, sampleStatus({ updated_at: '2026-11-21T11:59:40Z' }));
    await waitFor(async () => !JSON.stringify((await health()).body).includes('status_missing'));
  }

  it('uses the fallback bound while the probe publishes no interval', async () => {
    await publishTwentySecondOldStatus();
    await waitFor(async () => (await health()).status === 200);
    expect((await health()).body).toEqual({ status: 'ok', updated_at: '2026-11-21T11:59:40Z', age_seconds: 20 });
  });

  it('takes three intervals of the interval_seconds the probe publishes in /api/v1/uptime', async () => {
    await publishTwentySecondOldStatus();
    await writeAtomically(
      join(probeSite.publicDir, UPTIME_PATH),
      JSON.stringify({
        version: 'v1',
        region: 'Amsterdam 1',
        generated_at: '2026-11-21T11:59:40Z',
        interval_seconds: 5,
        first_day: '2026-08-24',
        components: [],
      } satisfies UptimeDocument),
    );
    await waitFor(async () => (await health()).status === 503);
    expect((await health()).body).toEqual({
      error: { code: 'status_stale', message: expect.stringContaining('more than the 15 s allowed') },
    });
  });
});
