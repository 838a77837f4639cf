import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HEADERS_FILE, makeTempDir, REGIONS_FILE, REPO_ROOT } from '../helpers/fixtures.js';
import { runCli } from '../helpers/run-cli.js';

const runBuild = (args: string[]) => runCli(['build', ...args], { cwd: REPO_ROOT });

describe('service-directory build (child process)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('writes the documents, _headers and the host exports where it is told', async () => {
    const { dir, remove } = await makeTempDir();
    cleanups.push(remove);
    const { code } = await runBuild([
      '--data',
      REGIONS_FILE,
      '--headers',
      HEADERS_FILE,
      '--public',
      join(dir, 'public'),
      '--exports',
      join(dir, 'exports'),
    ]);
    expect(code).toBe(0);
    expect(await readFile(join(dir, 'public/_headers'), 'utf8')).toContain('/api/v1/regions\n');
    expect((await readdir(join(dir, 'exports'))).sort()).toEqual([
      'firebase.json',
      'nginx-locations.conf',
      's3-upload.sh',
      'vercel.json',
    ]);
  });

  it('refuses header rules a host cannot express, with a one-line reason and nothing written', async () => {
    const { dir, remove } = await makeTempDir();
    cleanups.push(remove);
    const headers = JSON.parse(await readFile(HEADERS_FILE, 'utf8'));
    headers.headers.push({ source: 'api/v1/regions', headers: [{ key: 'Allow', value: 'GET, HEAD' }] });
    await writeFile(join(dir, 'headers.json'), JSON.stringify(headers));
    const { code, stderr } = await runBuild([
      '--data',
      REGIONS_FILE,
      '--headers',
      join(dir, 'headers.json'),
      '--public',
      join(dir, 'public'),
      '--exports',
      join(dir, 'exports'),
    ]);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'Netlify/Cloudflare Pages _headers export: /api/v1/regions: Netlify ignores a custom Allow header',
    );
    expect(await readdir(dir)).toEqual(['headers.json']);
  });
});
