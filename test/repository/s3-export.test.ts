import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_PATH } from '../../src/api-paths.js';
import { listPublishedFiles } from '../../src/exports/list-published-files.js';
import { HeadersConfigSchema } from '../../src/headers/headers-config.js';
import { resolveHeaders } from '../../src/headers/resolve-headers.js';
import { readDocument } from '../../src/io/read-document.js';
import { buildSite } from '../../src/site/build-site.js';
import { copyPageFiles } from '../helpers/page-files.js';
import { publishStatus, sampleStatus } from '../helpers/status-fixture.js';
import { makeTempDir, type TempDir } from '../helpers/temp-dirs.js';
import { makeTempSite, type TempSite } from '../helpers/temp-site.js';

const run = promisify(execFile);
const BUCKET = 'status-site';

let site: TempSite;
let storeDir: TempDir;
let s3: S3rver;
let endpoint: string;

/**
 * Runs the generated script for real: the `aws` CLI against s3rver, a local
 * S3-compatible server, on loopback, with throwaway credentials and no
 * instance-metadata lookups.
 */
async function runUploadScript(publicDir = site.publicDir): Promise<{ stdout: string; stderr: string }> {
  return run('sh', [join(site.root, 'dist-exports', 's3-upload.sh'), '--endpoint-url', endpoint], {
    cwd: site.root,
    env: {
      PATH: process.env.PATH,
      PUBLIC_DIR: publicDir,
      HOME: site.root,
      BUCKET,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_DEFAULT_REGION: 'us-east-1',
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_CONFIG_FILE: join(site.root, 'no-aws-config'),
      AWS_SHARED_CREDENTIALS_FILE: join(site.root, 'no-aws-credentials'),
    },
  });
}

/** The object as S3 serves it, or `undefined` when it was never uploaded. */
async function fetchObject(file: string): Promise<Response | undefined> {
  const response = await fetch(`${endpoint}/${BUCKET}/${file}`);
  if (response.status === 404) return undefined;
  expect(response.status).toBe(200);
  return response;
}

async function expectUploadedWithHeaders(files: readonly string[]): Promise<void> {
  const rules = (await readDocument(site.headersFile, HeadersConfigSchema)).headers;
  for (const file of files) {
    const object = await fetchObject(file);
    expect(object, `${file} was uploaded`).toBeDefined();
    const expected = resolveHeaders(rules, `/${file}`);
    // Without a Content-Type in headers.json the script sets none, and aws guesses one from the extension.
    const type = expected.get('content-type')?.value;
    if (type !== undefined) expect([file, object?.headers.get('content-type')]).toEqual([file, type]);
    const cacheControl = expected.get('cache-control')?.value ?? null;
    expect([file, object?.headers.get('cache-control')]).toEqual([file, cacheControl]);
  }
}

beforeAll(async () => {
  site = await makeTempSite();
  storeDir = await makeTempDir({ prefix: 's3rver-' });
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: storeDir.dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3?.close();
  await site?.remove();
  await storeDir?.remove();
});

describe('dist-exports/s3-upload.sh against a local S3-compatible server', () => {
  it('right after a build, uploads every built file with its Content-Type and Cache-Control and skips the status', async () => {
    await copyPageFiles(site.publicDir);
    await buildSite({
      regionsFile: site.regionsFile,
      publicDir: site.publicDir,
      headersFile: site.headersFile,
      exportsDir: join(site.root, 'dist-exports'),
    });
    const published = await listPublishedFiles(site.publicDir);
    expect(published).toEqual(expect.arrayContaining(['api/v1/regions', 'api/v1/openapi.json', 'index.html']));

    const { stderr } = await runUploadScript();
    expect(stderr).toContain('skipped /api/v1/status');
    await expectUploadedWithHeaders(published);
    expect(await fetchObject(STATUS_PATH.slice(1))).toBeUndefined();
  }, 120_000);

  it('once the probe has published, uploads the status document, with no-store', async () => {
    // A directory with the status alone, as after a probe cycle: one upload rather than all of them again.
    const statusOnly = join(site.root, 'status-only');
    await publishStatus(statusOnly, sampleStatus());
    const { stderr } = await runUploadScript(statusOnly);
    expect(stderr).not.toContain('skipped /api/v1/status');
    expect(stderr).toContain('skipped /api/v1/regions');
    await expectUploadedWithHeaders([STATUS_PATH.slice(1)]);
    expect((await fetchObject(STATUS_PATH.slice(1)))?.headers.get('cache-control')).toBe('no-store');
  }, 120_000);

  it('refuses a directory whose path aws would read as a pattern, rather than upload nothing', async () => {
    const patterned = join(site.root, 'public[1]');
    await publishStatus(patterned, sampleStatus());
    await expect(runUploadScript(patterned)).rejects.toMatchObject({
      code: 1,
      stderr: `s3-upload.sh: ${patterned}: aws would read [, * or ? in the path as a pattern; use a path without them\n`,
    });
  });
});
