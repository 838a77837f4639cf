/**
 * What `--publish` costs a probe cycle, at 4 and at 1,000 components: the
 * same cycles (real checks against stand-ins in another process, history on)
 * without and with the upload to s3rver in a third process, alternating; the
 * objects PUT per cycle as the store counted them, and the added wall time.
 * Run: `npx tsx bench/publish-s3.ts` (BENCH_QUICK=1 for fewer cycles).
 * The figures are reported in docs/benchmarks.md; nothing here is asserted.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBucketMirror } from '../src/object-store/open-bucket-mirror.js';
import { createProber } from '../src/probe-process/create-prober.js';
import { createPublicDirWriter } from '../src/public-dir/public-dir-writer.js';
import { loadProbeSettings } from '../src/settings/load-probe-settings.js';
import { buildSite } from '../src/site/build-site.js';
import { median, REPO_ROOT, type Started, startServerProcess, TSX_LOADER } from './process-tools.js';

const QUICK = process.env.BENCH_QUICK === '1';
const CYCLES = QUICK ? 3 : 8;
const BUCKET = 'bench-site';
const QUIET = { info: () => {}, error: (line: string) => console.error(line) };

/** Every PUT the store took so far, and the keys PUT since the last call. */
async function countPuts(store: Started): Promise<{ count: number; keys: string[] }> {
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      const match = /puts (\d+) (.*)\n/.exec(chunk.toString());
      if (!match) return;
      store.child.stdout?.off('data', onData);
      const keys: unknown = JSON.parse(match[2] ?? '[]');
      resolve({ count: Number(match[1]), keys: Array.isArray(keys) ? keys.map(String) : [] });
    };
    store.child.stdout?.on('data', onData);
    store.child.kill('SIGUSR2');
  });
}

interface Row {
  readonly components: number;
  readonly firstUploadObjects: number;
  readonly firstUploadMs: number;
  readonly putsPerCycle: number;
  /** The keys PUT in the last measured cycle. */
  readonly keys: readonly string[];
  readonly uploadMs: number;
  readonly cycleWithoutMs: number;
  readonly cycleWithMs: number;
}

async function measure(count: number): Promise<Row> {
  const root = await mkdtemp(join(tmpdir(), 'service-directory-bench-s3-'));
  const publicDir = join(root, 'public');
  await mkdir(publicDir);
  for (const page of ['index.html', 'status-page.css', 'status-page.js', 'favicon.svg']) {
    await cp(join(REPO_ROOT, 'public', page), join(publicDir, page));
  }
  const standins = await startServerProcess(process.execPath, [
    '--import',
    TSX_LOADER,
    join(REPO_ROOT, 'bench', 'servers', 'many-standins.ts'),
    String(count),
  ]);
  const store = await startServerProcess(process.execPath, [
    '--import',
    TSX_LOADER,
    join(REPO_ROOT, 'bench', 'servers', 's3-store.ts'),
    join(root, 'store'),
    BUCKET,
  ]);
  const env = {
    ...process.env,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL_S3: store.url,
    AWS_EC2_METADATA_DISABLED: 'true',
  };
  // The SDK's standard chain reads the process's environment.
  Object.assign(process.env, env);
  try {
    const origins = JSON.parse(standins.url) as string[];
    const configFile = join(root, 'components.json');
    const components = origins.map((origin, index) => ({ name: `Component ${index}`, url: `${origin}/healthz` }));
    await writeFile(configFile, JSON.stringify({ region: 'ams1', schedule: '*/30 * * * * *', components }));
    await buildSite({ regionsFile: join(REPO_ROOT, 'data', 'regions.json'), publicDir, componentsFile: configFile });
    const settings = await loadProbeSettings({ configFile, regionsFile: join(REPO_ROOT, 'data', 'regions.json') });
    const common = {
      settings,
      stateFile: join(root, 'state', 'probe-state.json'),
      historyFile: join(root, 'state', 'history.sqlite'),
      log: QUIET,
    };
    const mirror = await openBucketMirror({
      publishTo: `s3://${BUCKET}`,
      publicDir,
      headersFile: join(REPO_ROOT, 'headers.json'),
      stateDir: join(root, 'state'),
      deadlineMs: 15_000,
      log: QUIET,
    });
    const plain = createProber({ ...common, publicDir: createPublicDirWriter(publicDir) });
    const publishing = createProber({ ...common, publicDir: createPublicDirWriter(publicDir, { mirror }) });
    // A first cycle without, so that the history documents exist; then the first upload puts everything.
    await plain.runCycle();
    const first = await publishing.runCycle();
    if (!first.published || first.upload === undefined) throw new Error('the first cycle did not publish');
    const without: number[] = [];
    const withUpload: number[] = [];
    const uploadMs: number[] = [];
    const puts: number[] = [];
    let keys: string[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      let start = performance.now();
      await plain.runCycle();
      without.push(performance.now() - start);
      // The plain cycle changed files too: put them up first, so the measured cycle uploads only its own changes.
      await mirror.sync();
      const before = await countPuts(store);
      start = performance.now();
      const report = await publishing.runCycle();
      withUpload.push(performance.now() - start);
      if (!report.published || report.upload?.ok !== true)
        throw new Error(`upload failed: ${report.published ? report.upload?.reason : report.why}`);
      uploadMs.push(report.upload.durationMs);
      const after = await countPuts(store);
      puts.push(after.count - before.count);
      keys = after.keys;
    }
    plain.close();
    publishing.close();
    return {
      components: count,
      firstUploadObjects: first.upload.uploaded,
      firstUploadMs: first.upload.durationMs,
      putsPerCycle: median(puts),
      keys,
      uploadMs: median(uploadMs),
      cycleWithoutMs: median(without),
      cycleWithMs: median(withUpload),
    };
  } finally {
    await standins.stop();
    await store.stop();
    await rm(root, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
for (const count of [4, 1_000]) rows.push(await measure(count));
console.log(`## --publish to s3rver on loopback, medians of ${CYCLES} cycles, history on`);
console.log('');
console.log(
  '| components | first upload | PUTs per cycle after | upload time per cycle (the added time) | cycle without | cycle with | objects PUT |',
);
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.components} | ${row.firstUploadObjects} objects in ${row.firstUploadMs} ms | ${row.putsPerCycle} | ${Math.round(row.uploadMs)} ms | ${Math.round(row.cycleWithoutMs)} ms | ${Math.round(row.cycleWithMs)} ms | ${row.keys.join(', ')} |`,
  );
}
