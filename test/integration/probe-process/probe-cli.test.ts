import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { ProbeStateFileSchema } from '../../../src/schemas/probe-state.js';
import { type ServiceStatus, ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { PROBE_API_V1_ENTRIES } from '../../helpers/fixtures.js';
import {
  type CliProcess,
  type CliResult,
  cliArgv,
  runCli,
  startCli,
  TSX_LOADER,
  watchChild,
} from '../../helpers/run-cli.js';
import { spawnWithSilentResolver } from '../../helpers/silent-resolver.js';
import { type Stall, startSilentListener, startUnacceptingListener } from '../../helpers/stalls.js';
import { useStandins } from '../../helpers/standins.js';
import { REPO_ROOT, snapshotTree } from '../../helpers/temp-site.js';
import { waitFor } from '../../helpers/test-server.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const standin = useStandins();
const cli = useCliSite();

const configFile = () => join(cli.site.root, 'components.json');
const stateFile = () => join(cli.site.root, '.state', 'probe-state.json');
const statusFile = () => join(cli.site.publicDir, 'api', 'v1', 'status');
const readStatus = async (): Promise<ServiceStatus> =>
  ServiceStatusSchema.parse(JSON.parse(await readFile(statusFile(), 'utf8')));

async function writeConfig(config: object): Promise<void> {
  await writeFile(configFile(), JSON.stringify(config, null, 2));
}

/** The arguments of `probe` (the sidecar) with every path inside the temp site. */
function probeArgs(): string[] {
  const paths = ['--config', configFile(), '--out', cli.site.publicDir, '--regions', cli.site.regionsFile];
  return ['probe', ...paths, '--state', stateFile()];
}

/** The arguments of `probe --once` with every path inside the temp site. */
function probeOnceArgs(extra: string[] = []): string[] {
  return [...probeArgs(), '--once', ...extra];
}

/** `probe --once` with every path inside the temp site. */
function probeOnce(extra: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runCli(probeOnceArgs(extra), { cwd: cli.site.root, env: { REGION: '', ...env } });
}

describe('probe --once', () => {
  it('against 200, 503, hanging and slow: publishes each state, overall major_outage, in about one timeout', async () => {
    const healthy = await standin({ mode: 'healthy' });
    const failing = await standin({ mode: 'failing' });
    const hanging = await standin({ mode: 'hanging' });
    const slow = await standin({ mode: 'slow', slowMs: 1200 });
    await writeConfig({
      region: 'ams1',
      components: [
        { name: 'Control API', url: `${healthy.origin}/healthz` },
        { name: 'Scheduler', url: `${failing.origin}/healthz` },
        { name: 'Build Service', url: `${hanging.origin}/healthz` },
        { name: 'Registry', url: `${slow.origin}/v2/` },
      ].map((component) => ({ ...component, timeout_ms: 2000, degraded_ms: 800 })),
    });
    const result = await probeOnce();
    expect(result.code).toBe(0);
    const status = await readStatus();
    expect(status).toMatchObject({
      status: 'major_outage',
      version: 'v1',
      region: 'Amsterdam 1',
      components: [
        { name: 'Control API', status: 'operational' },
        { name: 'Scheduler', status: 'major_outage' },
        { name: 'Build Service', status: 'major_outage' },
        { name: 'Registry', status: 'degraded_performance' },
      ],
    });
    // The hanging check's 2000 ms, not 2000 + 1200 + the rest.
    const cycleMs = Number(result.stdout.match(/cycle done in (\d+) ms/)?.[1]);
    expect(cycleMs).toBeGreaterThanOrEqual(1950);
    expect(cycleMs).toBeLessThan(2900);
    expect(await readdir(join(cli.site.publicDir, 'api', 'v1'))).toEqual(PROBE_API_V1_ENTRIES);
  });

  it('leaves out the routine cycle line at LOG_LEVEL=quiet, keeping the changes, and refuses an unknown level', async () => {
    const scheduler = await standin({ mode: 'failing' });
    await writeConfig({
      region: 'ams1',
      failure_threshold: 1,
      components: [{ name: 'Scheduler', url: `${scheduler.origin}/healthz` }],
    });
    const quiet = await probeOnce([], { LOG_LEVEL: 'quiet' });
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toContain('probe: Scheduler: major_outage (first observation');
    expect(quiet.stdout).not.toContain('cycle done');
    const loud = await probeOnce();
    expect(loud.stdout).toMatch(/probe: cycle done in \d+ ms/);
    const wrong = await probeOnce([], { LOG_LEVEL: 'debug' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim()).toBe('environment: LOG_LEVEL: "debug" is not a level: use info (the default) or quiet');
  });

  it('carries the flapping memory from one run to the next in the state file', async () => {
    const scheduler = await standin({ mode: 'healthy' });
    await writeConfig({ region: 'ams1', components: [{ name: 'Scheduler', url: `${scheduler.origin}/healthz` }] });
    const published: string[] = [];
    const monthsProbed = new Set<string>();
    for (const mode of ['healthy', 'failing', 'failing'] as const) {
      await scheduler.setMode(mode);
      expect((await probeOnce()).code).toBe(0);
      const status = await readStatus();
      published.push(status.status);
      monthsProbed.add(status.updated_at.slice(0, 7));
    }
    expect(published).toEqual(['operational', 'operational', 'major_outage']);
    const state = ProbeStateFileSchema.parse(JSON.parse(await readFile(stateFile(), 'utf8')));
    expect(state.components).toEqual([
      {
        name: 'Scheduler',
        published: 'major_outage',
        observed: 'major_outage',
        pending: null,
        fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    // The report of each month a cycle ran in, by the clock the probe ran on: one, unless the runs crossed a month's end.
    const reports = [...monthsProbed].flatMap((month) => [
      `api/v1/reports/${month}.csv`,
      `api/v1/reports/${month}.json`,
    ]);
    expect(Object.keys(await snapshotTree(cli.site.publicDir)).sort()).toEqual([
      'api/v1/component-history/scheduler.json',
      'api/v1/heartbeats',
      'api/v1/incidents',
      'api/v1/notices',
      'api/v1/observations',
      ...reports,
      'api/v1/reports/index.json',
      'api/v1/status',
      'api/v1/uptime',
      'api/v2/components.json',
      'api/v2/incidents.json',
      'api/v2/incidents/unresolved.json',
      'api/v2/scheduled-maintenances.json',
      'api/v2/scheduled-maintenances/active.json',
      'api/v2/scheduled-maintenances/upcoming.json',
      'api/v2/status.json',
      'api/v2/summary.json',
      'badges/components/scheduler/status.json',
      'badges/components/scheduler/status.svg',
      'badges/components/scheduler/uptime.json',
      'badges/components/scheduler/uptime.svg',
      'badges/status.json',
      'badges/status.svg',
      'badges/uptime.json',
      'badges/uptime.svg',
      'feed.atom',
      'feeds/components/scheduler.atom',
      'feeds/components/scheduler.ics',
      'feeds/maintenance.ics',
      'llms.txt',
      'status.md',
    ]);
  });

  it('exits 1 on an invalid config, naming file, path and reason, and leaves public/ as it was', async () => {
    await writeConfig({
      region: 'ams1',
      components: [
        { name: 'Scheduler', url: 'not a url' },
        { name: 'Scheduler', url: 'http://127.0.0.1:1/', timeout_ms: 0 },
      ],
    });
    const before = await snapshotTree(cli.site.publicDir);
    const result = await probeOnce();
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'components.json: components[0].url: must be an absolute http or https URL, or tcp://host:port, dns://, grpc(s):// or statuspage+https://',
      'components.json: components[1].timeout_ms: must be greater than 0',
      'components.json: components[1].name: "Scheduler" is already used by components[0]',
    ]);
    expect(await snapshotTree(cli.site.publicDir)).toEqual(before);
  });

  it('exits 1 on a missing config file', async () => {
    const result = await probeOnce();
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^components\.json: file not found: run the command from the project's directory/,
    );
  });

  it.each<[string, string[], NodeJS.ProcessEnv, string]>([
    ['in the config', [], {}, 'components.json: region: unknown region "xyz1"'],
    ['from --region', ['--region', 'xyz1'], {}, '--region: unknown region "xyz1"'],
    ['from REGION', [], { REGION: 'xyz1' }, 'environment: REGION: unknown region "xyz1"'],
  ])('exits 1 on an unknown region %s, naming it and listing the known codes', async (_where, args, env, start) => {
    await writeConfig({
      region: args.length === 0 && env.REGION === undefined ? 'xyz1' : 'ams1',
      components: [{ name: 'Scheduler', url: 'http://127.0.0.1:1/' }],
    });
    const result = await probeOnce(args, env);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `${start}: not in data/regions.json; known codes: ams1, ams2, fra1, waw1, lhr1, iad1, yyz1, sfo1, nrt1, icn1, sin1, syd1`,
    );
  });

  it('asks the system resolver once per host name in a cycle, however many checks name it', async () => {
    const healthy = await standin({ mode: 'healthy' });
    const { port } = new URL(healthy.origin);
    // A getent first on PATH that notes each call and hands it to the real one.
    const bin = join(cli.site.root, 'bin');
    const calls = join(cli.site.root, 'getent-calls.log');
    const realGetent = execFileSync('sh', ['-c', 'command -v getent'], { encoding: 'utf8' }).trim();
    await mkdir(bin);
    await writeFile(join(bin, 'getent'), `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${realGetent}' "$@"\n`, {
      mode: 0o755,
    });
    await writeConfig({
      region: 'ams1',
      components: Array.from({ length: 20 }, (_, index) => ({
        name: `Component ${index}`,
        url: `http://localhost:${port}/healthz`,
      })),
    });
    const result = await probeOnce([], { PATH: `${bin}:${process.env.PATH ?? ''}` });
    expect(result.code).toBe(0);
    const status = await readStatus();
    expect(status.components.map((component) => component.status)).toEqual(Array(20).fill('operational'));
    expect((await readFile(calls, 'utf8')).trim().split('\n')).toEqual(['ahosts -- localhost']);
  });

  it('exits 1 on a schedule node-cron accepts that does not run for years, naming the file and field', async () => {
    // 29 February on a Monday: next in 2044, then 2072 (node-cron needs both the day and the weekday).
    await writeConfig({
      region: 'ams1',
      schedule: '0 0 0 29 2 1',
      components: [{ name: 'Scheduler', url: 'http://127.0.0.1:1/' }],
    });
    const result = await runCli(probeArgs(), { cwd: cli.site.root, env: { REGION: '' } });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('components.json: schedule: "0 0 0 29 2 1" does not run within 8 years');
  });

  it('takes the region from REGION over the config, and from --region over both', async () => {
    const healthy = await standin({ mode: 'healthy' });
    await writeConfig({ region: 'ams1', components: [{ name: 'Scheduler', url: `${healthy.origin}/` }] });
    expect((await probeOnce([], { REGION: 'nrt1' })).code).toBe(0);
    expect((await readStatus()).region).toBe('Tokyo 1');
    expect((await probeOnce(['--region', 'sin1'], { REGION: 'nrt1' })).code).toBe(0);
    expect((await readStatus()).region).toBe('Singapore 1');
  });

  it('exits 2 and keeps the old document when the connectivity check fails', async () => {
    const healthy = await standin({ mode: 'healthy' });
    const offline = await standin({ mode: 'refusing' });
    await writeConfig({ region: 'ams1', components: [{ name: 'Scheduler', url: `${healthy.origin}/` }] });
    expect((await probeOnce()).code).toBe(0);
    const before = await readFile(statusFile(), 'utf8');
    await writeConfig({
      region: 'ams1',
      connectivity_url: `${offline.origin.replace('http://', 'http://probe:s3cret@')}/ping?token=abc`,
      components: [{ name: 'Scheduler', url: `${healthy.origin}/` }],
    });
    const result = await probeOnce();
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`connectivity check ${offline.origin}/ping failed (refused)`);
    expect(result.stdout + result.stderr).not.toMatch(/s3cret|token|abc/);
    expect(await readFile(statusFile(), 'utf8')).toBe(before);
  });

  it('exits 2 when the write fails (disk full), leaving the old document and no temp file', async () => {
    const healthy = await standin({ mode: 'healthy' });
    await writeConfig({ region: 'ams1', components: [{ name: 'Scheduler', url: `${healthy.origin}/` }] });
    expect((await probeOnce()).code).toBe(0);
    const before = await readFile(statusFile(), 'utf8');
    // A file-size limit of 0 makes every write fail with EFBIG, even for root; Node ignores SIGXFSZ.
    const argv = cliArgv(probeOnceArgs());
    const child = spawn('sh', ['-c', 'ulimit -f 0 && exec "$@"', 'sh', process.execPath, ...argv], {
      cwd: cli.site.root,
      env: { ...process.env, REGION: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    // The writer lock, in the state directory, is the first thing written.
    expect(stderr).toMatch(/could not take the writer lock in \.state: EFBIG .*nothing written/);
    expect(await readFile(statusFile(), 'utf8')).toBe(before);
    expect(await readdir(join(cli.site.publicDir, 'api', 'v1'))).toEqual(PROBE_API_V1_ENTRIES);
  });

  it('refuses a state file under the served directory', async () => {
    await writeConfig({ region: 'ams1', components: [{ name: 'Scheduler', url: 'http://127.0.0.1:1/' }] });
    const result = await runCli(
      [
        'probe',
        '--once',
        '--config',
        configFile(),
        '--out',
        cli.site.publicDir,
        '--regions',
        cli.site.regionsFile,
        '--state',
        join(cli.site.publicDir, 'state.json'),
      ],
      { cwd: cli.site.root },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^--state: public\/state\.json is inside the served directory public/);
  });

  it('with PRECOMPRESS=1, every file it writes worth compressing has siblings that decode to it, and none under 256 bytes', async () => {
    const healthy = await standin({ mode: 'healthy' });
    const names = ['Control API', 'Scheduler', 'Build Service', 'Registry', 'Metrics', 'Logs'];
    await writeConfig({
      region: 'ams1',
      components: names.map((name) => ({ name, url: `${healthy.origin}/healthz` })),
    });
    expect((await probeOnce([], { PRECOMPRESS: '1' })).code).toBe(0);
    const files = [...['incidents', 'observations', 'status', 'uptime'].map((name) => `api/v1/${name}`), 'feed.atom'];
    let compressed = 0;
    for (const file of files) {
      const bytes = await readFile(join(cli.site.publicDir, file));
      const siblings = await Promise.all(
        ['gz', 'br'].map((suffix) => readFile(join(cli.site.publicDir, `${file}.${suffix}`)).catch(() => undefined)),
      );
      if (bytes.length < 256) {
        expect({ file, siblings }).toEqual({ file, siblings: [undefined, undefined] });
        continue;
      }
      expect(gunzipSync(siblings[0] ?? Buffer.alloc(0))).toEqual(bytes);
      expect(brotliDecompressSync(siblings[1] ?? Buffer.alloc(0))).toEqual(bytes);
      compressed += 1;
    }
    expect(compressed).toBeGreaterThanOrEqual(2);
  });
});

describe('probe (sidecar)', () => {
  function startSidecar(): CliProcess {
    const child = startCli(probeArgs(), { cwd: cli.site.root, env: { REGION: '' } });
    cli.children.push(child);
    return child;
  }

  it('runs a cycle at start and then on the schedule, and ends cleanly on SIGTERM', async () => {
    const healthy = await standin({ mode: 'healthy' });
    await writeConfig({
      region: 'ams1',
      schedule: '* * * * * *',
      components: [{ name: 'Scheduler', url: `${healthy.origin}/healthz` }],
    });
    const sidecar = startSidecar();
    await sidecar.waitForOutput(/(cycle done[\s\S]*){3}/, 15_000);
    expect((await readStatus()).components).toEqual([{ name: 'Scheduler', status: 'operational' }]);
    sidecar.child.kill('SIGTERM');
    expect(await sidecar.exited()).toBe(0);
    expect(sidecar.output()).toContain('probe: SIGTERM: stopping');
    expect(sidecar.output()).toContain('probe: stopped');
    expect(await readdir(join(cli.site.publicDir, 'api', 'v1'))).toEqual(PROBE_API_V1_ENTRIES);
    expect(await readdir(join(cli.site.root, '.state'))).toEqual(['history.sqlite', 'probe-state.json']);
  });

  it('ends at once on SIGTERM in the middle of a hanging check, publishing nothing half-done', async () => {
    // A server that takes the request and never answers it.
    const hanging = await startSilentListener();
    onTestFinished(() => hanging.close());
    await writeConfig({
      region: 'ams1',
      components: [{ name: 'Scheduler', url: `http://127.0.0.1:${hanging.port}/healthz`, timeout_ms: 30_000 }],
    });
    const sidecar = startSidecar();
    await sidecar.waitForOutput(/sidecar for Amsterdam 1/);
    // The first check is in flight.
    await waitFor(async () => hanging.accepted() > 0);
    const stopping = Date.now();
    sidecar.child.kill('SIGTERM');
    expect(await sidecar.exited()).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(sidecar.output()).toContain('nothing published');
    expect(await snapshotTree(cli.site.publicDir)).toEqual({});
  });

  it('keeps running when a cycle cannot write, and says so each time', async () => {
    const healthy = await standin({ mode: 'healthy' });
    await writeConfig({
      region: 'ams1',
      schedule: '* * * * * *',
      components: [{ name: 'Scheduler', url: `${healthy.origin}/healthz` }],
    });
    // api/v1 is a file, so the status can never be written.
    await mkdir(join(cli.site.publicDir, 'api'), { recursive: true });
    await writeFile(join(cli.site.publicDir, 'api', 'v1'), 'not a directory');
    const sidecar = startSidecar();
    await sidecar.waitForOutput(/(NOT published[\s\S]*){2}/, 15_000);
    expect(sidecar.child.exitCode).toBeNull();
    sidecar.child.kill('SIGTERM');
    expect(await sidecar.exited()).toBe(0);
  });
});

describe('probe: stalls and shutdown', () => {
  const stalls: Stall[] = [];
  afterEach(async () => {
    await Promise.all(stalls.splice(0).map((stall) => stall.close()));
  });

  /** Collects a child's output and notes when `pattern` first appeared and when the child exited. */
  function watch(child: ChildProcess, pattern: RegExp) {
    let output = '';
    let seenAt: number | undefined;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (seenAt === undefined && pattern.test(output)) seenAt = performance.now();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.on('close', (code) => resolve({ code, at: performance.now() })),
    );
    return { output: () => output, seenAt: () => seenAt, exited };
  }

  it('--once behind a resolver that never answers publishes after timeout_ms and exits as soon as it has', async () => {
    await writeConfig({
      region: 'ams1',
      components: [{ name: 'Scheduler', url: 'http://component.test/healthz', timeout_ms: 1000, degraded_ms: 500 }],
    });
    const { child, cleanup } = await spawnWithSilentResolver([process.execPath, ...cliArgv(probeOnceArgs())], {
      cwd: cli.site.root,
      env: { REGION: '' },
    });
    try {
      const run = watch(child, /wrote /);
      const { code, at } = await run.exited;
      expect(code, run.output()).toBe(0);
      expect(run.output()).toMatch(/timeout after 1000 ms \(dns\)/);
      expect(Number(run.output().match(/cycle done in (\d+) ms/)?.[1])).toBeLessThan(3_000);
      // The resolver would hold the lookup for 30 s.
      expect(at - (run.seenAt() ?? Number.NaN)).toBeLessThan(3_000);
      expect((await readStatus()).components).toEqual([{ name: 'Scheduler', status: 'major_outage' }]);
    } finally {
      await cleanup();
    }
  }, 45_000);

  it('--once against a listener that never accepts publishes after timeout_ms and exits as soon as it has', async () => {
    const stall = await startUnacceptingListener();
    stalls.push(stall);
    await writeConfig({
      region: 'ams1',
      components: [{ name: 'Scheduler', url: `http://127.0.0.1:${stall.port}/healthz`, timeout_ms: 1500 }],
    });
    const child = spawn(process.execPath, cliArgv(probeOnceArgs()), {
      cwd: cli.site.root,
      env: { ...process.env, REGION: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run = watch(child, /wrote /);
    const { code, at } = await run.exited;
    expect(code).toBe(0);
    expect(run.output()).toMatch(/timeout after 1500 ms \(connect\)/);
    expect(Number(run.output().match(/cycle done in (\d+) ms/)?.[1])).toBeLessThan(4_000);
    expect(at - (run.seenAt() ?? Number.NaN)).toBeLessThan(3_000);
  }, 30_000);

  it('the sidecar stops at once on SIGTERM during a TLS handshake that never completes', async () => {
    const stall = await startSilentListener();
    stalls.push(stall);
    await writeConfig({
      region: 'ams1',
      components: [{ name: 'Scheduler', url: `https://127.0.0.1:${stall.port}/healthz`, timeout_ms: 30_000 }],
    });
    const sidecar = startCli(probeArgs(), { cwd: cli.site.root, env: { REGION: '' } });
    cli.children.push(sidecar);
    await sidecar.waitForOutput(/sidecar for Amsterdam 1/);
    // The handshake has begun: the listener holds the connection.
    await waitFor(async () => stall.accepted() > 0);
    const stopping = performance.now();
    sidecar.child.kill('SIGTERM');
    expect(await sidecar.exited()).toBe(0);
    // Within a second when idle; the margin is for a loaded machine. It took 10 s before.
    expect(performance.now() - stopping).toBeLessThan(3_000);
    expect(sidecar.output()).toContain('nothing published');
  }, 30_000);

  it('runs more than ten checks at once without a MaxListenersExceededWarning', async () => {
    const healthy = await standin({ mode: 'healthy' });
    await writeConfig({
      region: 'ams1',
      components: Array.from({ length: 12 }, (_, index) => ({ name: `C${index}`, url: `${healthy.origin}/${index}` })),
    });
    const sidecar = startCli(probeArgs(), { cwd: cli.site.root, env: { REGION: '' } });
    cli.children.push(sidecar);
    await sidecar.waitForOutput(/cycle done/);
    sidecar.child.kill('SIGTERM');
    expect(await sidecar.exited()).toBe(0);
    expect(sidecar.output()).not.toMatch(/MaxListenersExceededWarning/);
    expect(sidecar.output()).toContain('12 operational');
  }, 30_000);
});

describe('probe (sidecar) through wall-clock steps', () => {
  /** The sidecar with its wall clock steppable by SIGUSR2 (see stepped-date.ts). */
  function startSteppableSidecar(stepMs: number): CliProcess {
    const steppedDate = pathToFileURL(join(REPO_ROOT, 'test', 'helpers', 'stepped-date.ts')).href;
    // tsx loads the TypeScript preload; the CLI itself is the compiled one.
    const child = spawn(process.execPath, ['--import', TSX_LOADER, '--import', steppedDate, ...cliArgv(probeArgs())], {
      cwd: cli.site.root,
      env: { ...process.env, REGION: '', STEPPED_DATE_STEP_MS: String(stepMs) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const watched = watchChild(child);
    cli.children.push(watched);
    return watched;
  }

  it('goes on cycling through a one-hour step back, logging the step once', async () => {
    const healthy = await standin({ mode: 'healthy' });
    await writeConfig({
      region: 'ams1',
      schedule: '* * * * * *',
      components: [{ name: 'Scheduler', url: `${healthy.origin}/healthz` }],
    });
    const sidecar = startSteppableSidecar(-3_600_000);
    await sidecar.waitForOutput(/(cycle done[\s\S]*){2}/, 15_000);
    sidecar.child.kill('SIGUSR2');
    await sidecar.waitForOutput(/stepped-date: wall clock moved/);
    const stepAt = sidecar.output().length;
    // node-cron waited for its old next slot, an hour away: no cycle at all.
    await sidecar.waitForOutput(/stepped-date[\s\S]*(cycle done[\s\S]*){3}/, 15_000);
    const after = sidecar.output().slice(stepAt);
    expect(after.match(/wall clock stepped back by 3600 s/g)).toHaveLength(1);
    sidecar.child.kill('SIGTERM');
    expect(await sidecar.exited()).toBe(0);
  }, 40_000);
});
