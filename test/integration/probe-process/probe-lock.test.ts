import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { standByForLock } from '../../../src/probe-process/stand-by-for-lock.js';
import { ProbeLockedError } from '../../../src/public-dir/probe-locked-error.js';
import { acquireWriterLock, LOCK_STALE_MS } from '../../../src/public-dir/writer-lock.js';
import { deadPid } from '../../helpers/dead-pid.js';
import { type CliProcess, runCli, startCli } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { snapshotTree } from '../../helpers/temp-site.js';
import { waitFor } from '../../helpers/test-server.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const standin = useStandins();
const cli = useCliSite();

const stateDir = () => join(cli.site.root, '.state');
const lockFile = () => join(stateDir(), 'probe.lock');
const probeArgs = () => [
  'probe',
  '--config',
  join(cli.site.root, 'components.json'),
  '--out',
  cli.site.publicDir,
  '--regions',
  cli.site.regionsFile,
  '--state',
  join(stateDir(), 'probe-state.json'),
];

/**
 * The served tree once the sidecar's cycle has written all it writes after
 * logging the status (the history documents, the feed): unchanged over 300 ms.
 */
async function settledTree(dir: string): Promise<Record<string, string>> {
  let previous = await snapshotTree(dir);
  for (let round = 0; round < 50; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const next = await snapshotTree(dir);
    if (isDeepStrictEqual(previous, next)) return next;
    previous = next;
  }
  throw new Error(`${dir} kept changing for 15 s`);
}

async function writeHealthyConfig(): Promise<void> {
  const healthy = await standin({ mode: 'healthy' });
  await writeFile(
    join(cli.site.root, 'components.json'),
    JSON.stringify({
      region: 'ams1',
      schedule: '0 0 * * * *',
      components: [{ name: 'Scheduler', url: `${healthy.origin}/` }],
    }),
  );
}

function startSidecar(): CliProcess {
  const child = startCli(probeArgs(), { cwd: cli.site.root, env: { REGION: '' } });
  cli.children.push(child);
  return child;
}

describe('one writer per state directory', () => {
  it('a second sidecar refuses to start, naming the first: pid, host and since when', async () => {
    await writeHealthyConfig();
    const first = startSidecar();
    await first.waitForOutput(/cycle done/);
    const second = await runCli(probeArgs(), { cwd: cli.site.root, env: { REGION: '' }, timeoutMs: 15_000 });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(
      new RegExp(
        `another probe is writing here: pid ${first.child.pid} on ${hostname()} since \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ \\(\\.state/probe\\.lock\\)`,
      ),
    );
    expect(first.child.exitCode).toBeNull();
  });

  it('probe --once refuses while a sidecar writes, exits 2 and writes nothing', async () => {
    await writeHealthyConfig();
    const first = startSidecar();
    await first.waitForOutput(/cycle done/);
    const before = await settledTree(cli.site.publicDir);
    const once = await runCli([...probeArgs(), '--once'], {
      cwd: cli.site.root,
      env: { REGION: '' },
      timeoutMs: 15_000,
    });
    expect(once.code).toBe(2);
    expect(once.stderr).toContain(`another probe is writing here: pid ${first.child.pid}`);
    expect(await snapshotTree(cli.site.publicDir)).toEqual(before);
  });

  it('npm start takes the same lock: it refuses to start while a probe writes there', async () => {
    await writeHealthyConfig();
    const first = startSidecar();
    await first.waitForOutput(/cycle done/);
    const start = await runCli(
      [
        'start',
        '--without-standins',
        '--config',
        join(cli.site.root, 'components.json'),
        '--public',
        cli.site.publicDir,
        '--state',
        join(stateDir(), 'probe-state.json'),
      ],
      { cwd: cli.site.root, env: { REGION: '', PORT: '0' }, timeoutMs: 20_000 },
    );
    expect(start.code).toBe(1);
    expect(start.stderr).toContain(`another probe is writing here: pid ${first.child.pid}`);
  });

  it('the sidecar releases the lock when it stops, and --once when it is done', async () => {
    await writeHealthyConfig();
    const sidecar = startSidecar();
    await sidecar.waitForOutput(/cycle done/);
    expect(await readdir(stateDir())).toContain('probe.lock');
    sidecar.child.kill('SIGTERM');
    expect(await sidecar.exited()).toBe(0);
    expect(await readdir(stateDir())).not.toContain('probe.lock');
    expect((await runCli([...probeArgs(), '--once'], { cwd: cli.site.root, env: { REGION: '' } })).code).toBe(0);
    expect(await readdir(stateDir())).not.toContain('probe.lock');
  });

  it('takes over a lock whose process is dead on this host, and says so', async () => {
    await writeHealthyConfig();
    const pid = await deadPid();
    await mkdir(stateDir(), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid, host: hostname(), since: '2026-11-21T01:00:00Z' }));
    const once = await runCli([...probeArgs(), '--once'], { cwd: cli.site.root, env: { REGION: '' } });
    expect(once.code).toBe(0);
    expect(once.stdout + once.stderr).toContain(
      `took over .state/probe.lock from pid ${pid} on ${hostname()} (since 2026-11-21T01:00:00Z), which is no longer running`,
    );
  });
});

describe('acquireWriterLock', () => {
  const lines: string[] = [];
  const log = { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };

  it('refuses a recent lock from another host, whose process it cannot see', async () => {
    await mkdir(stateDir(), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: 1234, host: 'elsewhere', since: '2026-11-21T01:00:00Z' }));
    await expect(acquireWriterLock({ stateDir: stateDir(), log })).rejects.toThrow(ProbeLockedError);
  });

  it('takes over a lock from another host that has not been refreshed for a while', async () => {
    await mkdir(stateDir(), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: 1234, host: 'elsewhere', since: '2026-11-21T01:00:00Z' }));
    const old = new Date(Date.now() - LOCK_STALE_MS - 60_000);
    await utimes(lockFile(), old, old);
    const lock = await acquireWriterLock({ stateDir: stateDir(), log });
    expect(JSON.parse(await readFile(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await lock.release();
    expect(lines.some((line) => line.includes('from pid 1234 on elsewhere') && line.includes('not refreshed'))).toBe(
      true,
    );
  });

  it('takes over a lock holding its own pid: a restarted container left it', async () => {
    await mkdir(stateDir(), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: process.pid, host: hostname(), since: '2026-11-21T01:00:00Z' }));
    const lock = await acquireWriterLock({ stateDir: stateDir(), log });
    await lock.release();
    expect(await readdir(stateDir())).toEqual([]);
  });

  it('lets exactly one of two probes take over the same abandoned lock, however their steps interleave', async () => {
    // Two starters in one process (pids 1001 and 1002), over a lock left by pid 999, which is gone.
    const isRunning = (pid: number) => pid !== 999;
    const holders: number[] = [];
    for (let round = 0; round < 80; round += 1) {
      await mkdir(stateDir(), { recursive: true });
      await writeFile(lockFile(), JSON.stringify({ pid: 999, host: hostname(), since: '2026-11-21T01:00:00Z' }));
      // The second starts a little later each round, so that its steps fall between the first's.
      const results = await Promise.allSettled(
        [1001, 1002].map(async (pid, index) => {
          if (index === 1) await new Promise((resolve) => setTimeout(resolve, (round % 8) / 2));
          return acquireWriterLock({ stateDir: stateDir(), log, pid, isRunning });
        }),
      );
      const taken = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      expect(taken, `round ${round}`).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(ProbeLockedError);
      holders.push(JSON.parse(await readFile(lockFile(), 'utf8')).pid);
      for (const lock of taken) await lock.release();
      // Nothing is left behind: no lock, no set-aside copy, no temp file.
      expect(await readdir(stateDir()), `round ${round}`).toEqual([]);
    }
    expect(holders.every((pid) => pid === 1001 || pid === 1002)).toBe(true);
  });

  it('refuses a lock file it cannot read, naming it', async () => {
    await mkdir(stateDir(), { recursive: true });
    await writeFile(lockFile(), 'garbage');
    await expect(acquireWriterLock({ stateDir: stateDir(), log })).rejects.toThrow(/probe\.lock.*not a lock file/);
  });
});

describe('standByForLock and the lease', () => {
  const lines: string[] = [];
  const log = { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
  const STALE_MS = 3_000;

  it('stands by behind a live writer of another host, logging it once, and takes over once its lease runs out', async () => {
    await mkdir(stateDir(), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: 1234, host: 'replica-a', since: '2026-11-21T01:00:00Z' }));
    const started = performance.now();
    // The writer touches its lock for a second, then dies.
    const aliveMs = 1_000;
    const heartbeat = setInterval(() => {
      const now = new Date();
      void utimes(lockFile(), now, now);
    }, 500);
    setTimeout(() => clearInterval(heartbeat), aliveMs);
    const lock = await standByForLock({ stateDir: stateDir(), log, staleMs: STALE_MS });
    const waitedMs = performance.now() - started;
    expect(lock).toBeDefined();
    expect(waitedMs).toBeGreaterThanOrEqual(aliveMs + STALE_MS - 600);
    expect(waitedMs).toBeLessThan(aliveMs + STALE_MS + 1_500);
    expect(lines.filter((line) => line.startsWith('standby: pid 1234 on replica-a is the writer'))).toHaveLength(1);
    expect(lines.at(-1)).toMatch(/^standby: the writer is gone; this probe is the writer now/);
    expect(await lock?.stillHeld()).toBe(true);
    await lock?.release();
  });

  it('ends a standby that is told to stop, without taking anything', async () => {
    await mkdir(stateDir(), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: 1234, host: 'replica-a', since: '2026-11-21T01:00:00Z' }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    expect(await standByForLock({ stateDir: stateDir(), log, staleMs: STALE_MS, signal: controller.signal })).toBe(
      undefined,
    );
    expect(JSON.parse(await readFile(lockFile(), 'utf8'))).toMatchObject({ host: 'replica-a' });
  });

  it('says a lock is no longer held once another writer has taken it over', async () => {
    const lock = await acquireWriterLock({ stateDir: stateDir(), log, staleMs: STALE_MS });
    expect(await lock.stillHeld()).toBe(true);
    await writeFile(lockFile(), JSON.stringify({ pid: 1234, host: 'replica-b', since: '2026-11-21T01:00:00Z' }));
    expect(await lock.stillHeld()).toBe(false);
    expect(lock.lost()).toBe(true);
    await lock.release();
    // Release leaves the other writer's lock where it is.
    expect(JSON.parse(await readFile(lockFile(), 'utf8'))).toMatchObject({ host: 'replica-b' });
  });

  it('takes a lock file it cannot read for an I/O error, not a lost lease: only a lock naming another is lost', async () => {
    const lock = await acquireWriterLock({ stateDir: stateDir(), log, staleMs: STALE_MS });
    const ours = await readFile(lockFile(), 'utf8');
    // Reading it fails (EISDIR), as it does when the process is out of descriptors (EMFILE).
    await rm(lockFile());
    await mkdir(lockFile());
    expect(await lock.stillHeld()).toBe(true);
    expect(lock.lost()).toBe(false);
    await rm(lockFile(), { recursive: true });
    await writeFile(lockFile(), ours);
    expect(await lock.stillHeld()).toBe(true);
    await lock.release();
  });

  it('holds, from memory, no more once its last confirmed touch is half a lease old: a writer paused that long', async () => {
    const staleMs = 600;
    const lock = await acquireWriterLock({ stateDir: stateDir(), log, staleMs });
    expect(lock.holds()).toBe(true);
    // The event loop held as a pause holds it: no heartbeat runs meanwhile.
    const until = performance.now() + staleMs / 2 + 50;
    while (performance.now() < until) {
      // busy
    }
    expect(lock.holds()).toBe(false);
    // Still its own lock: the next heartbeat confirms it again.
    await waitFor(async () => lock.holds(), 5_000);
    await lock.release();
  });

  it("never touches a lock its heartbeat finds another's, and holds no more, for good", async () => {
    const staleMs = 600;
    const lock = await acquireWriterLock({ stateDir: stateDir(), log, staleMs });
    await writeFile(lockFile(), JSON.stringify({ pid: 1234, host: 'replica-b', since: '2026-11-21T01:00:00Z' }));
    const old = new Date(Date.now() - 60_000);
    await utimes(lockFile(), old, old);
    await waitFor(async () => !lock.holds(), 5_000);
    // Several heartbeats later the other writer's lock is as it was: not kept alive by this one.
    await new Promise((resolve) => setTimeout(resolve, staleMs));
    // (A touch would have moved it a minute forward; utimes keeps it to within a millisecond.)
    expect(Math.abs((await stat(lockFile())).mtimeMs - old.getTime())).toBeLessThan(1_000);
    expect(lock.holds()).toBe(false);
    await lock.release();
  });
});
