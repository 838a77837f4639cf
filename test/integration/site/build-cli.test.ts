import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_API_DOCUMENT_BYTES } from '../../../src/api-documents.js';
import { RegionsFileSchema } from '../../../src/schemas/region.js';
import { renderRegions } from '../../../src/site/render-regions.js';
import { HEADERS_FILE, REGIONS_FILE, REPO_ROOT } from '../../helpers/fixtures.js';
import { runCli } from '../../helpers/run-cli.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const runBuild = (args: string[]) => runCli(['build', ...args], { cwd: REPO_ROOT });

describe('service-directory build (child process)', () => {
  const tempDir = tempDirsPerTest();

  it('writes the documents, _headers and the host exports where it is told', async () => {
    const dir = await tempDir();
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

  it('with --precompress, writes .gz and .br beside the documents it writes, and lists only the documents', async () => {
    const dir = await tempDir();
    const publicDir = join(dir, 'public');
    const { code, stdout } = await runBuild([
      '--data',
      REGIONS_FILE,
      '--headers',
      HEADERS_FILE,
      '--public',
      publicDir,
      '--exports',
      join(dir, 'exports'),
      '--precompress',
    ]);
    expect(code).toBe(0);
    const openapi = await readFile(join(publicDir, 'api/v1/openapi.json'));
    expect(gunzipSync(await readFile(join(publicDir, 'api/v1/openapi.json.gz')))).toEqual(openapi);
    expect(brotliDecompressSync(await readFile(join(publicDir, 'api/v1/openapi.json.br')))).toEqual(openapi);
    expect(stdout).not.toMatch(/\.(gz|br)$/m);
  });

  it('refuses header rules a host cannot express, with a one-line reason and nothing written', async () => {
    const dir = await tempDir();
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

  it('refuses a regions file whose document the server would not take, leaving the published one as it was', async () => {
    const dir = await tempDir();
    const publicDir = join(dir, 'public');
    const args = (data: string) => ['--data', data, '--headers', HEADERS_FILE, '--public', publicDir];
    expect((await runBuild(args(REGIONS_FILE))).code).toBe(0);
    const before = await readFile(join(publicDir, 'api/v1/regions'));
    // 20,000 regions of about 90 bytes each: about 1.8 MB, over the server's 1 MiB for the document.
    const letters = (index: number) =>
      Array.from({ length: 4 }, (_, place) => String.fromCharCode(97 + (Math.floor(index / 26 ** place) % 26))).join(
        '',
      );
    const many = Array.from({ length: 20_000 }, (_, index) => ({
      code: `${letters(index)}1`,
      name: `Region ${index}`,
      zone: `zone-${index % 40}`,
      country: 'NL',
      status: 'operational',
    }));
    const big = join(dir, 'regions.json');
    await writeFile(big, JSON.stringify(many));
    const { code, stderr } = await runBuild(args(big));
    expect(code).toBe(1);
    const bytes = Buffer.byteLength(renderRegions(RegionsFileSchema.parse(many)));
    expect(bytes).toBeGreaterThan(MAX_API_DOCUMENT_BYTES);
    expect(stderr.trim()).toBe(
      `${big}: renders /api/v1/regions as ${bytes} bytes, larger than the ${MAX_API_DOCUMENT_BYTES} bytes the server takes for it; nothing was written`,
    );
    expect(await readFile(join(publicDir, 'api/v1/regions'))).toEqual(before);
  });
});
