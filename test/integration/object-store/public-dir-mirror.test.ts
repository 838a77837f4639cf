import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writePublicFile } from '../../../src/compression/write-public-file.js';
import type { HeaderRule } from '../../../src/headers/headers-config.js';
import { parseBucketUrl } from '../../../src/object-store/parse-bucket-url.js';
import { createPublicDirMirror } from '../../../src/object-store/public-dir-mirror.js';
import { createS3ObjectStore } from '../../../src/object-store/s3-object-store.js';
import { UPLOAD_MANIFEST_FILE, UploadManifestSchema } from '../../../src/object-store/upload-manifest.js';
import { type S3Store, s3Env, startS3Store } from '../../helpers/s3-store.js';
import { startSlowStore } from '../../helpers/slow-store.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const BUCKET = 'mirror-test';
const RULES: HeaderRule[] = [
  { source: 'api/v1/**', headers: [{ key: 'Cache-Control', value: 'no-store' }] },
  { source: 'api/v1/**', headers: [{ key: 'Content-Type', value: 'application/json' }] },
];

let store: S3Store;
let dir: string;
let lines: string[];
let savedEnv: NodeJS.ProcessEnv;

const tempDir = tempDirsPerTest({ prefix: 'mirror-' });
beforeEach(async () => {
  store = await startS3Store([BUCKET, 'other-bucket']);
  dir = await tempDir();
  // The SDK's standard chain reads the process's environment; each test file runs in a process of its own.
  savedEnv = { ...process.env };
  Object.assign(process.env, s3Env(store, dir));
  await mkdir(join(dir, 'public', 'api', 'v1'), { recursive: true });
  lines = [];
});
afterEach(async () => {
  process.env = savedEnv;
  await store.close();
});

function mirror(rules: readonly HeaderRule[] = RULES, target = `s3://${BUCKET}`, deadlineMs = 10_000) {
  return createPublicDirMirror({
    target: parseBucketUrl(target),
    publicDir: join(dir, 'public'),
    rules,
    store: createS3ObjectStore(),
    deadlineMs,
    manifestFile: join(dir, 'state', UPLOAD_MANIFEST_FILE),
    log: { info: (line) => lines.push(`info ${line}`), error: (line) => lines.push(`error ${line}`) },
  });
}

const puts = () => store.puts.splice(0).map((key) => key.slice(key.indexOf('/') + 1));

describe('the public directory mirror against s3rver', () => {
  it('uploads two hundred files once, then nothing while they stay the same', async () => {
    const files = Array.from({ length: 200 }, (_, index) => `api/v1/doc-${index}`);
    for (const file of files) await writeFile(join(dir, 'public', file), `{"n":${file.length}}`);
    const first = mirror();
    expect(await first.sync()).toMatchObject({ ok: true, uploaded: 200, unchanged: 0, pending: 0 });
    expect(puts().sort()).toEqual([...files].sort());
    expect(await first.sync()).toMatchObject({ ok: true, uploaded: 0, unchanged: 200 });
    first.close();
    // A new process: the manifest on disk, not memory, says what the bucket holds.
    const restarted = mirror();
    expect(await restarted.sync()).toMatchObject({ ok: true, uploaded: 0, unchanged: 200 });
    restarted.close();
    expect(puts()).toEqual([]);
  }, 60_000);

  it('a change of headers.json alone uploads the object again, with the new Cache-Control', async () => {
    await writeFile(join(dir, 'public', 'api/v1/status'), '{}');
    const before = mirror();
    await before.sync();
    before.close();
    puts();
    const changedRules: HeaderRule[] = [
      ...RULES,
      { source: 'api/v1/status', headers: [{ key: 'Cache-Control', value: 'max-age=5' }] },
    ];
    const after = mirror(changedRules);
    expect(await after.sync()).toMatchObject({ uploaded: 1 });
    after.close();
    expect(puts()).toEqual(['api/v1/status']);
    const object = await fetch(`${store.endpoint}/${BUCKET}/api/v1/status`);
    expect(object.headers.get('cache-control')).toBe('max-age=5');
  }, 60_000);

  it('an unreadable manifest is reported once and everything is uploaded again, then it is whole again', async () => {
    await writeFile(join(dir, 'public', 'api/v1/status'), '{}');
    await mkdir(join(dir, 'state'));
    await writeFile(join(dir, 'state', UPLOAD_MANIFEST_FILE), '{"version": 1, "objects": ');
    const synced = mirror();
    expect(await synced.sync()).toMatchObject({ ok: true, uploaded: 1 });
    synced.close();
    expect(lines.filter((line) => line.startsWith('error'))).toEqual([
      expect.stringMatching(new RegExp(`${UPLOAD_MANIFEST_FILE}: .*\\(uploading every file again\\)$`)),
    ]);
    const manifest = UploadManifestSchema.parse(
      JSON.parse(await readFile(join(dir, 'state', UPLOAD_MANIFEST_FILE), 'utf8')),
    );
    expect(Object.keys(manifest.objects)).toEqual(['api/v1/status']);
  }, 60_000);

  it('another bucket starts from nothing: the manifest of the first does not count', async () => {
    await writeFile(join(dir, 'public', 'api/v1/status'), '{}');
    const first = mirror();
    await first.sync();
    first.close();
    puts();
    const other = mirror(RULES, 's3://other-bucket/eu');
    expect(await other.sync()).toMatchObject({ ok: true, uploaded: 1 });
    other.close();
    expect(store.puts).toEqual(['other-bucket/eu/api/v1/status']);
    const object = await fetch(`${store.endpoint}/other-bucket/eu/api/v1/status`);
    expect(object.status).toBe(200);
  }, 60_000);

  it('a store slower than the deadline: the sync answers at the deadline, with one error line', async () => {
    await writeFile(join(dir, 'public', 'api/v1/status'), '{}');
    const slow = await startSlowStore(3_000);
    process.env.AWS_ENDPOINT_URL_S3 = `http://127.0.0.1:${slow.port}`;
    try {
      const late = mirror(RULES, `s3://${BUCKET}`, 300);
      const started = performance.now();
      const report = await late.sync();
      const elapsedMs = performance.now() - started;
      late.close();
      expect(report).toMatchObject({
        ok: false,
        uploaded: 0,
        pending: 1,
        reason: 'no answer within the 300 ms deadline',
      });
      expect(elapsedMs).toBeLessThan(1_500);
      expect(lines).toEqual([
        expect.stringMatching(/^error s3:\/\/mirror-test: upload failed: no answer within the 300 ms deadline;/),
      ]);
    } finally {
      await slow.close();
    }
  }, 30_000);

  it('a shutdown in the middle of an upload ends it at once, as an info line, and leaves no failure to recover from', async () => {
    await writeFile(join(dir, 'public', 'api/v1/status'), '{}');
    const slow = await startSlowStore(3_000);
    process.env.AWS_ENDPOINT_URL_S3 = `http://127.0.0.1:${slow.port}`;
    try {
      const stopping = mirror();
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('probe stopping')), 200);
      const report = await stopping.sync({ signal: controller.signal });
      stopping.close();
      expect(report).toMatchObject({ ok: false, reason: 'stopped by shutdown' });
      expect(lines).toEqual([expect.stringMatching(/^info s3:\/\/mirror-test: upload stopped by shutdown;/)]);
    } finally {
      await slow.close();
    }
    process.env.AWS_ENDPOINT_URL_S3 = store.endpoint;
    const next = mirror();
    expect(await next.sync()).toMatchObject({ ok: true, uploaded: 1 });
    next.close();
    expect(lines.at(-1)).toMatch(/^info s3:\/\/mirror-test: 1 of 1 changed object\(s\) stored/);
  }, 30_000);
});

describe('the mirror and precompressed siblings', () => {
  it('uploads a file but not its .gz and .br siblings, which the CDN has no use for', async () => {
    const publicDir = join(dir, 'public');
    await writePublicFile(publicDir, '/api/v1/status', `${JSON.stringify({ padding: 'x'.repeat(400) })}\n`, {
      precompress: true,
    });
    await writeFile(join(publicDir, 'backup.tar.gz'), 'an archive offered for download');
    expect(await mirror().sync()).toMatchObject({ ok: true, uploaded: 2 });
    expect(puts().sort()).toEqual(['api/v1/status', 'backup.tar.gz']);
  });
});
