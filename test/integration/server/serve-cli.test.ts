import { cp, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CliProcess, runCli, startCli } from '../../helpers/run-cli.js';
import { publishStatus, sampleStatus } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { waitFor } from '../../helpers/test-server.js';

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
