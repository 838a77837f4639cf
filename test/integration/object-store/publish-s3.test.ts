import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listPublishedFiles } from '../../../src/exports/list-published-files.js';
import { HeadersConfigSchema } from '../../../src/headers/headers-config.js';
import { resolveHeaders } from '../../../src/headers/resolve-headers.js';
import { readDocument } from '../../../src/io/read-document.js';
import { useBuiltSite } from '../../helpers/built-site.js';
import { type CliResult, runCli, startCli } from '../../helpers/run-cli.js';
import { listBucket, type S3Store, s3Env, startS3Store } from '../../helpers/s3-store.js';
import { startSlowStore } from '../../helpers/slow-store.js';
import { useStandins } from '../../helpers/standins.js';
import { snapshotTree } from '../../helpers/temp-site.js';
import { waitFor } from '../../helpers/test-server.js';
import { unusedPort } from '../../helpers/unused-port.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const BUCKET = 'status-site';
/** A secret that must never be printed, whatever fails. */
const SECRET = 'wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY';

const standin = useStandins();
const cli = useCliSite();
const built = useBuiltSite({ page: true });
let store: S3Store;

beforeEach(async () => {
  store = await startS3Store([BUCKET]);
});
afterEach(async () => {
  await store.close();
});

const stateDir = () => join(cli.site.root, '.state');

/**
 * A site built with the page's files (a copy of the file's one build),
 * probing one healthy stand-in on `schedule`: every ten seconds by default,
 * an upload deadline of five (a first upload of every file to s3rver can take
 * over a second on a loaded machine).
 */
async function prepareSite(schedule = '*/10 * * * * *'): Promise<void> {
  await built.copyInto(cli.site);
  const healthy = await standin({ mode: 'healthy' });
  await writeFile(
    join(cli.site.root, 'components.json'),
    JSON.stringify({
      region: 'ams1',
      schedule,
      components: [{ name: 'Control API', url: `${healthy.origin}/healthz`, timeout_ms: 2000, degraded_ms: 1500 }],
    }),
  );
}

function probeArgs(publishTo = `s3://${BUCKET}`): string[] {
  return [
    'probe',
    ...['--config', join(cli.site.root, 'components.json'), '--out', cli.site.publicDir],
    ...['--regions', cli.site.regionsFile, '--state', join(stateDir(), 'probe-state.json')],
    ...['--history', join(stateDir(), 'history.sqlite'), '--headers', cli.site.headersFile],
    '--publish',
    publishTo,
  ];
}

function env(overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { REGION: '', ...s3Env(store, cli.site.root), ...overrides };
}

function probeOnce(overrides: NodeJS.ProcessEnv = {}, publishTo?: string): Promise<CliResult> {
  return runCli([...probeArgs(publishTo), '--once'], { cwd: cli.site.root, env: env(overrides), timeoutMs: 30_000 });
}

/** The object as the store serves it over plain HTTP (path-style), or `undefined` if it is not there. */
async function fetchObject(key: string): Promise<Response | undefined> {
  const response = await fetch(`${store.endpoint}/${BUCKET}/${key}`);
  if (response.status === 404) return undefined;
  expect(response.status, key).toBe(200);
  return response;
}

/** The lines of `text` that mention the bucket. */
const bucketLines = (text: string) => text.split('\n').filter((line) => line.includes(`s3://${BUCKET}`));

describe('probe --once --publish against a real S3-compatible store', () => {
  it('stores every published file with the Content-Type and Cache-Control the server sends, and the same bytes', async () => {
    await prepareSite();
    const result = await probeOnce();
    expect(result.code, result.stderr).toBe(0);
    const rules = (await readDocument(cli.site.headersFile, HeadersConfigSchema)).headers;
    const files = await listPublishedFiles(cli.site.publicDir);
    expect(files).toEqual(
      expect.arrayContaining(['api/v1/status', 'api/v1/observations', 'api/v1/regions', 'index.html', 'feed.atom']),
    );
    const listed = await listBucket(store, BUCKET, cli.site.root);
    expect(listed.map((object) => object.Key).sort()).toEqual(files);
    for (const file of files) {
      const object = await fetchObject(file);
      const expected = resolveHeaders(rules, `/${file}`);
      expect([file, object?.headers.get('cache-control') ?? null]).toEqual([
        file,
        expected.get('cache-control')?.value ?? null,
      ]);
      const type = object?.headers.get('content-type');
      expect([file, type]).toEqual([file, expected.get('content-type')?.value ?? type]);
      expect(
        Buffer.from(await (object as Response).arrayBuffer()).equals(await readFile(join(cli.site.publicDir, file))),
      ).toBe(true);
    }
    // Where headers.json gives no type, the one serve-handler sends, not S3's binary/octet-stream.
    expect((await fetchObject('index.html'))?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await fetchObject('api/v1/status'))?.headers.get('cache-control')).toBe('no-store');
    expect(bucketLines(result.stdout)).toEqual([expect.stringMatching(/stored, 0 unchanged in \d+ ms$/)]);
  }, 60_000);

  it('a second run, a new process, puts exactly the files whose bytes changed and leaves the rest untouched', async () => {
    await prepareSite();
    expect((await probeOnce()).code).toBe(0);
    const before = await snapshotTree(cli.site.publicDir);
    const listedBefore = new Map(
      (await listBucket(store, BUCKET, cli.site.root)).map((object) => [object.Key, object]),
    );
    store.puts.length = 0;
    // A PUT of an unchanged file would show as a later LastModified: the store's clock moves past the first run's second.
    const lastPutMs = Math.max(...[...listedBefore.values()].map((object) => Date.parse(object.LastModified)));
    await waitFor(async () => Date.now() >= Math.floor(lastPutMs / 1000) * 1000 + 1000);

    const second = await probeOnce();
    expect(second.code, second.stderr).toBe(0);
    const after = await snapshotTree(cli.site.publicDir);
    const changed = Object.keys(after).filter((file) => after[file] !== before[file] && !file.startsWith('.'));
    expect(changed).toContain('api/v1/status');
    expect(changed).not.toContain('api/v1/regions');
    expect(store.puts.map((key) => key.slice(BUCKET.length + 1)).sort()).toEqual(changed.sort());
    const listedAfter = await listBucket(store, BUCKET, cli.site.root);
    for (const object of listedAfter) {
      const old = listedBefore.get(object.Key);
      if (changed.includes(object.Key)) continue;
      expect([object.Key, object.LastModified, object.ETag]).toEqual([object.Key, old?.LastModified, old?.ETag]);
    }
    const status = await fetchObject('api/v1/status');
    expect(await status?.text()).toBe(await readFile(join(cli.site.publicDir, 'api/v1/status'), 'utf8'));
  }, 60_000);

  it('a missing bucket: the status is written, one line names the bucket and why, exit 3', async () => {
    await prepareSite();
    const result = await probeOnce({}, 's3://no-such-bucket/site');
    expect(result.code).toBe(3);
    await expect(readFile(join(cli.site.publicDir, 'api/v1/status'), 'utf8')).resolves.toContain('"version":"v1"');
    const lines = result.stderr.split('\n').filter((line) => line.includes('s3://no-such-bucket/site'));
    expect(lines).toEqual([expect.stringMatching(/upload failed: NoSuchBucket, HTTP 404: the bucket does not exist/)]);
  }, 60_000);

  it('wrong credentials: exit 3, one line with the reason, and the secret is in no output', async () => {
    await prepareSite();
    // s3rver checks the key id (it does not check SigV4 signatures, so a wrong secret alone passes there).
    const result = await probeOnce({ AWS_ACCESS_KEY_ID: 'AKIAWRONGKEY', AWS_SECRET_ACCESS_KEY: SECRET });
    expect(result.code).toBe(3);
    expect(bucketLines(result.stderr)).toEqual([
      expect.stringMatching(
        /upload failed: InvalidAccessKeyId, HTTP 403: the store does not know the access key \(wrong credentials\)/,
      ),
    ]);
    expect(`${result.stdout}${result.stderr}`).not.toContain(SECRET);
    await expect(readFile(join(cli.site.publicDir, 'api/v1/status'), 'utf8')).resolves.toContain('"version":"v1"');
  }, 60_000);

  it('a wrong endpoint, with secrets in the environment and the URL: exit 3, one line, no secret in any output', async () => {
    await prepareSite();
    const port = await unusedPort();
    const result = await probeOnce({
      AWS_SECRET_ACCESS_KEY: SECRET,
      AWS_ENDPOINT_URL_S3: `http://user:${SECRET}@127.0.0.1:${port}`,
    });
    expect(result.code).toBe(3);
    expect(`${result.stdout}${result.stderr}`).not.toContain(SECRET);
    expect(bucketLines(result.stderr)).toEqual([expect.stringMatching(/upload failed: .*ECONNREFUSED/)]);
    expect(await listBucket(store, BUCKET, cli.site.root)).toEqual([]);
  }, 60_000);

  it('the store down for one run: exit 3 then, and the next run stores everything and says it recovered', async () => {
    await prepareSite();
    await store.stop();
    const down = await probeOnce();
    expect(down.code).toBe(3);
    expect(bucketLines(down.stderr)).toEqual([expect.stringMatching(/upload failed: .*ECONNREFUSED/)]);
    await store.restart();
    const next = await probeOnce();
    expect(next.code, next.stderr).toBe(0);
    expect(bucketLines(next.stdout)).toEqual([
      expect.stringMatching(/uploads recovered: (\d+) of \1 changed object\(s\) stored/),
    ]);
    const files = await listPublishedFiles(cli.site.publicDir);
    expect((await listBucket(store, BUCKET, cli.site.root)).map((object) => object.Key).sort()).toEqual(files);
  }, 60_000);

  it('a store that answers after the deadline: the run ends at the deadline with exit 3, having written locally', async () => {
    await prepareSite('*/2 * * * * *');
    const slow = await startSlowStore(30_000);
    try {
      const started = performance.now();
      const result = await probeOnce({ AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${slow.port}` });
      const elapsedMs = performance.now() - started;
      expect(result.code).toBe(3);
      expect(bucketLines(result.stderr)).toEqual([
        expect.stringMatching(/upload failed: no answer within the 1000 ms deadline/),
      ]);
      // Start-up and the cycle take a few seconds under load; the store's 30 s are not waited for.
      expect(elapsedMs).toBeLessThan(20_000);
      expect(slow.requests()).toBeGreaterThan(0);
      await expect(readFile(join(cli.site.publicDir, 'api/v1/status'), 'utf8')).resolves.toContain('"version":"v1"');
    } finally {
      await slow.close();
    }
  }, 60_000);
});

describe('the sidecar with --publish', () => {
  it('keeps to its schedule while the store is down, logs one line per failed cycle, and recovers once it is back', async () => {
    // Every two seconds: an upload deadline of one. A first upload that misses it on a loaded
    // machine is tried again at the next cycle, so what follows counts from the first that went up.
    await prepareSite('*/2 * * * * *');
    const sidecar = startCli(probeArgs(), { cwd: cli.site.root, env: env() });
    cli.children.push(sidecar);
    await sidecar.waitForOutput(
      /s3:\/\/status-site: (uploads recovered: )?\d+ of \d+ changed object\(s\) stored/,
      30_000,
    );
    expect(sidecar.output()).toContain('uploading what changed to s3://status-site after each cycle, within 1000 ms');
    await store.stop();
    const stoppedAt = sidecar.output().length;
    const sinceStop = () => sidecar.output().slice(stoppedAt);
    await waitFor(async () => (sinceStop().match(/upload failed/g)?.length ?? 0) >= 3, 30_000);
    const whileDown = sinceStop();
    const cycles = whileDown.match(/cycle done in/g)?.length ?? 0;
    const failures = whileDown.match(/upload failed/g)?.length ?? 0;
    expect(failures).toBeGreaterThanOrEqual(3);
    expect(failures).toBeLessThanOrEqual(cycles);
    expect(whileDown).not.toMatch(/tick skipped/);

    store.puts.length = 0;
    await store.restart();
    await waitFor(async () => /uploads recovered/.test(sinceStop()), 30_000);
    expect(sinceStop().match(/uploads recovered/g)).toHaveLength(1);
    expect(store.puts).toContain(`${BUCKET}/api/v1/status`);
    sidecar.child.kill('SIGTERM');
    expect(await sidecar.exited()).toBe(0);
    const local = await readFile(join(cli.site.publicDir, 'api/v1/status'), 'utf8');
    const stored = await (await fetchObject('api/v1/status'))?.text();
    // The last cycle may have been stopped by SIGTERM before its upload: the bucket is at most one cycle behind.
    expect(stored === local || JSON.parse(stored ?? '{}').version === 'v1').toBe(true);
  }, 120_000);
});

describe('build --publish', () => {
  it('uploads what the build wrote and the page, never a probe document left in public/', async () => {
    await prepareSite();
    await writeFile(join(cli.site.publicDir, 'api/v1/status'), '{"stale": true}\n');
    const result = await runCli(
      [
        'build',
        '--public',
        cli.site.publicDir,
        '--exports',
        join(cli.site.root, 'dist-exports'),
        '--publish',
        `s3://${BUCKET}/site`,
      ],
      { cwd: cli.site.root, env: env() },
    );
    expect(result.code, result.stderr).toBe(0);
    const keys = (await listBucket(store, BUCKET, cli.site.root)).map((object) => object.Key);
    expect(keys).toEqual(
      expect.arrayContaining(['site/api/v1/regions', 'site/api/v1/openapi.json', 'site/index.html', 'site/feed.atom']),
    );
    expect(keys).not.toContain('site/api/v1/status');
    expect(keys).not.toContain('site/_headers');
    const regions = await fetch(`${store.endpoint}/${BUCKET}/site/api/v1/regions`);
    expect(regions.headers.get('cache-control')).toBe('public, max-age=300');
    expect(regions.headers.get('content-type')).toBe('application/json');
    expect(result.stdout).toContain("the CDN's response headers policy must add them:");
    expect(result.stdout).toMatch(/build: {3}Access-Control-Allow-Origin: \* on \/api\/v1\//);
  }, 60_000);

  it('a missing bucket: everything is written locally, exit 3', async () => {
    await prepareSite();
    const result = await runCli(
      [
        'build',
        '--public',
        cli.site.publicDir,
        '--exports',
        join(cli.site.root, 'dist-exports'),
        '--publish',
        's3://absent-bucket',
      ],
      { cwd: cli.site.root, env: env() },
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/build: s3:\/\/absent-bucket: upload failed: NoSuchBucket/);
    await expect(readFile(join(cli.site.publicDir, 'api/v1/regions'), 'utf8')).resolves.toContain('"data"');
  }, 60_000);

  it('a URL that names no bucket is refused before anything is written', async () => {
    const result = await runCli(['build', '--public', cli.site.publicDir, '--publish', 'https://example.com/x'], {
      cwd: cli.site.root,
      env: env(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--publish: "https://example.com/x" is not an s3://BUCKET[/PREFIX] URL');
    expect(await snapshotTree(cli.site.publicDir)).toEqual({});
  }, 30_000);
});
