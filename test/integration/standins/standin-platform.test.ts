import { afterEach, describe, expect, it } from 'vitest';
import { runCheck as checkEndpoint } from '../../../src/checks/run-check.js';
import {
  describeStandinPlatform,
  type StandinPlatform,
  startStandinPlatform,
} from '../../../src/standins/start-standin-platform.js';

let platform: StandinPlatform | undefined;
afterEach(async () => {
  await platform?.close();
  platform = undefined;
});

async function start(): Promise<StandinPlatform> {
  platform = await startStandinPlatform({ basePort: 0 });
  return platform;
}

const probe = (url: string) => checkEndpoint({ kind: 'http', url, timeoutMs: 500, expectStatus: [200, 401] });
const control = (platform: StandinPlatform, path: string, method = 'POST') =>
  fetch(`${platform.controlOrigin}${path}`, { method });

describe('the stand-in platform', () => {
  it('starts the four components of the spec, healthy, the registry answering 401 like a real /v2/', async () => {
    const { standins } = await start();
    expect(standins.map(({ slug, standin }) => [slug, standin.name, standin.mode])).toEqual([
      ['control-api', 'Control API', 'healthy'],
      ['scheduler', 'Scheduler', 'healthy'],
      ['build-service', 'Build Service', 'healthy'],
      ['registry', 'Registry', 'healthy'],
    ]);
    const results = await Promise.all(standins.map(({ url }) => probe(url)));
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 401]);
  });

  it('switches one component with POST /<slug>/<mode>', async () => {
    const running = await start();
    const response = await control(running, '/scheduler/failing');
    expect(response.status).toBe(200);
    const scheduler = running.standins[1];
    expect(scheduler?.standin.mode).toBe('failing');
    expect(await probe(scheduler?.url ?? '')).toMatchObject({ ok: false, status: 503 });
    expect(await probe(running.standins[0]?.url ?? '')).toMatchObject({ ok: true });
  });

  it('refuses connections in refusing mode, and listens again on the same port when switched back', async () => {
    const running = await start();
    const registry = running.standins[3];
    await control(running, '/registry/refusing');
    expect(await probe(registry?.url ?? '')).toMatchObject({ ok: false, error: 'refused' });
    await control(running, '/registry/healthy');
    expect(await probe(registry?.url ?? '')).toMatchObject({ ok: true, status: 401 });
  });

  it('switches every component with /all/<mode>', async () => {
    const running = await start();
    await control(running, '/all/hanging');
    expect(running.standins.map(({ standin }) => standin.mode)).toEqual(['hanging', 'hanging', 'hanging', 'hanging']);
    expect(await probe(running.standins[2]?.url ?? '')).toMatchObject({ ok: false, error: 'timeout' });
  });

  it('lists the stand-ins and the modes at GET /', async () => {
    const running = await start();
    const response = await control(running, '/', 'GET');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      standins: [
        { slug: 'control-api', mode: 'healthy' },
        { slug: 'scheduler', mode: 'healthy' },
        { slug: 'build-service', mode: 'healthy' },
        { slug: 'registry', mode: 'healthy' },
      ],
      modes: { healthy: expect.any(String), refusing: expect.any(String) },
    });
  });

  it.each([
    ['an unknown component', '/billing/failing', 'POST', 404],
    ['an unknown mode', '/scheduler/on-fire', 'POST', 400],
    ['a GET that would switch', '/scheduler/failing', 'GET', 405],
    ['a path too long', '/scheduler/failing/now', 'POST', 404],
  ])('answers %s with a JSON error and changes nothing', async (_name, path, method, status) => {
    const running = await start();
    const response = await control(running, path, method);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(running.standins.every(({ standin }) => standin.mode === 'healthy')).toBe(true);
  });

  it('says plainly on the console that these are stand-ins, and how to switch them', async () => {
    const running = await start();
    const text = describeStandinPlatform(running).join('\n');
    expect(text).toContain('NOT a real platform');
    expect(text).toContain(`curl -X POST ${running.controlOrigin}/scheduler/failing`);
  });
});
