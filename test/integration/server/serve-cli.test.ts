import { cp, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { componentFeedPath, FEED_PATH } from '../../../src/api-paths.js';
import { writePublicFile } from '../../../src/compression/write-public-file.js';
import { subscribersConfig } from '../../helpers/mail-subscribers.js';
import { type CliProcess, runCli, startCli } from '../../helpers/run-cli.js';
import { publishStatus, sampleStatus } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { waitFor } from '../../helpers/test-server.js';

/** A badge, the feed and a component's feed: what shields.io and feed readers poll, now and then. */
const POLLED = ['/badges/components/build-service/status.json', FEED_PATH, componentFeedPath('build-service')] as const;
const CHANGES = 20;
/** How long after each change the poll comes: at once, within the settle time, and after it. */
const DELAYS_MS = [0, 40, 150] as const;
const ENCODINGS = ['br', 'gzip', 'identity'] as const;

let template: TempSite;
let site: TempSite;
let serving: CliProcess | undefined;

/** One real `build`; each test serves its own copy of what it wrote, so no test sees another's files. */
beforeAll(async () => {
  template = await makeTempSite();
  expect((await runCli(['build'], { cwd: template.root })).code).toBe(0);
});
afterAll(async () => {
  await template.remove();
});
beforeEach(async () => {
  site = await makeTempSite();
  await cp(template.publicDir, site.publicDir, { recursive: true });
});
afterEach(async () => {
  if (serving && serving.child.exitCode === null) {
    serving.child.kill('SIGKILL');
    await serving.exited();
  }
  serving = undefined;
  await site.remove();
});

describe('service-directory serve', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('serves on PORT and shuts down cleanly on %s', async (signal) => {
    serving = startCli(['serve'], { cwd: site.root, env: { PORT: '0' } });
    const [, url] = await serving.waitForOutput(/listening on (http:\/\/\S+)/);
    const response = await request(`${url}/api/v1/regions`);
    await response.body.text();
    expect(response.statusCode).toBe(200);
    serving.child.kill(signal);
    expect(await serving.exited()).toBe(0);
    expect(serving.output()).toContain('serve: closed');
  });

  it('refuses to start on a broken headers.json, naming the file', async () => {
    await writeFile(site.headersFile, '{"headers": [');
    const result = await runCli(['serve'], { cwd: site.root, env: { PORT: '0' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^headers\.json: is not valid JSON/);
  });

  it('opens the page’s CSP to the email form’s endpoint where --config has subscribers', async () => {
    await writeFile(join(site.publicDir, 'index.html'), '<!doctype html><title>Status</title>\n');
    await writeFile(join(site.root, 'subscribers.json'), JSON.stringify(subscribersConfig()));
    serving = startCli(['serve', '--config', 'subscribers.json'], { cwd: site.root, env: { PORT: '0' } });
    const [, url] = await serving.waitForOutput(/listening on (http:\/\/\S+)/);
    const response = await request(`${url}/`);
    await response.body.text();
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self' http://127.0.0.1:3043; img-src 'self'; base-uri 'none'; form-action http://127.0.0.1:3043;",
    );
  });

  it('refuses a PORT that is not a port number', async () => {
    const result = await runCli(['serve'], { cwd: site.root, env: { PORT: 'eighty' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('environment: PORT:');
  });
});

describe('service-directory serve --stale-after', () => {
  it('refuses a value that is not a positive number of seconds', async () => {
    const result = await runCli(['serve', '--stale-after', 'soon'], { cwd: site.root, env: { PORT: '0' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--stale-after takes a positive number of seconds');
  });
});

describe('service-directory serve: the /healthz staleness bound', () => {
  async function healthzMessage(): Promise<string> {
    if (!serving) throw new Error('not serving');
    const [, url] = await serving.waitForOutput(/listening on (http:\/\/\S+)/);
    const old = new Date(Date.now() - 600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    await publishStatus(site.publicDir, sampleStatus({ updated_at: old }));
    let body = '';
    await waitFor(async () => {
      const response = await request(`${url}/healthz`);
      body = await response.body.text();
      return body.includes('status_stale');
    });
    return body;
  }

  it('defaults to three intervals of the probe schedule in data/components.json', async () => {
    const config = JSON.parse(await readFile(join(site.root, 'data', 'components.json'), 'utf8'));
    await writeFile(
      join(site.root, 'data', 'components.json'),
      JSON.stringify({ ...config, schedule: '*/20 * * * * *' }),
    );
    serving = startCli(['serve'], { cwd: site.root, env: { PORT: '0' } });
    expect(await healthzMessage()).toContain('more than the 60 s allowed');
  });

  it('falls back to 90 s without a probe config', async () => {
    serving = startCli(['serve', '--config', 'data/none.json'], { cwd: site.root, env: { PORT: '0' } });
    expect(await healthzMessage()).toContain('more than the 90 s allowed');
  });

  it('takes --stale-after over the schedule', async () => {
    serving = startCli(['serve', '--stale-after', '42'], { cwd: site.root, env: { PORT: '0' } });
    expect(await healthzMessage()).toContain('more than the 42 s allowed');
  });
});

describe('service-directory serve: a path no file can have', () => {
  it('answers the JSON not_found, and writes neither a stack trace nor the path to its log', async () => {
    await symlink('loop.txt', join(site.publicDir, 'loop.txt'));
    serving = startCli(['serve'], { cwd: site.root, env: { PORT: '0' } });
    const [, url] = await serving.waitForOutput(/listening on (http:\/\/\S+)/);
    const before = serving.output().length;
    for (const path of [
      `/${'x'.repeat(256)}.json`,
      `/${'x'.repeat(256)}.png`,
      `/${'x'.repeat(256)}`,
      `/docs/${'x'.repeat(300)}/index.html`,
      `/${'x'.repeat(15_000)}.json`,
      // A link to itself, which the disk answers ELOOP rather than "no such file".
      '/loop.txt',
    ]) {
      const response = await request(`${url}${path}`);
      expect(response.statusCode, path.slice(0, 40)).toBe(404);
      expect(response.headers['content-type']).toBe('application/json');
      expect(await response.body.json()).toEqual({ error: { code: 'not_found', message: 'no such resource' } });
    }
    serving.child.kill('SIGTERM');
    expect(await serving.exited()).toBe(0);
    const logged = serving.output().slice(before);
    expect(logged).not.toContain('x'.repeat(100));
    expect(logged).not.toMatch(/\n\s+at /);
  });
});

/** The bytes of version `n` of `path`: a few kilobytes, distinct per version, worth compressing. */
function versionOf(path: string, n: number): string {
  const state = n % 2 === 0 ? 'major outage' : 'operational';
  if (path.endsWith('.json'))
    return `${JSON.stringify({ schemaVersion: 1, label: 'build', message: state, n, pad: 'x'.repeat(2_000) })}\n`;
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed><title>version ${n}</title>${`<entry>${state}</entry>`.repeat(80)}</feed>\n`;
}

async function fetchDecoded(url: string, encoding: string): Promise<string> {
  const response = await request(url, { headers: { 'accept-encoding': encoding } });
  const body = Buffer.from(await response.body.arrayBuffer());
  expect(response.statusCode).toBe(200);
  const coding = response.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(body).toString();
  if (coding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('a file polled less often than it changes', () => {
  it.each([false, true])(
    'is never answered by `serve` from a version older than the one on disk (precompressed siblings: %s)',
    async (precompress) => {
      serving = startCli(['serve'], { cwd: site.root, env: { PORT: '0' } });
      const [, url] = await serving.waitForOutput(/listening on (http:\/\/\S+)/);
      const stale: string[] = [];
      for (let n = 0; n < CHANGES; n += 1) {
        for (const path of POLLED)
          await writePublicFile(site.publicDir, path, versionOf(path, n), { precompress, sync: false });
        await sleep(DELAYS_MS[n % DELAYS_MS.length] as number);
        await Promise.all(
          POLLED.map(async (path, index) => {
            const encoding = ENCODINGS[(n + index) % ENCODINGS.length] as string;
            const body = await fetchDecoded(`${url}${path}`, encoding);
            if (body !== versionOf(path, n)) stale.push(`${path} after change ${n} (${encoding})`);
          }),
        );
      }
      expect(stale).toEqual([]);
    },
  );
});
