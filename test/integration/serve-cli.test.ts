import { writeFile } from 'node:fs/promises';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CliProcess, runCli, startCli } from '../helpers/run-cli.js';
import { makeTempSite, type TempSite } from '../helpers/temp-site.js';

let site: TempSite;
let serving: CliProcess | undefined;

beforeEach(async () => {
  site = await makeTempSite();
  expect((await runCli(['build'], { cwd: site.root })).code).toBe(0);
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
