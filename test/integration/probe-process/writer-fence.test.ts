import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { type CliProcess, runCli, startCli } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';
import { waitFor } from '../../helpers/test-server.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

/**
 * The writer fence, with real processes on one state directory: a writer
 * and two `probe --standby`, a 3 s lease and a 1 s schedule. The writer is
 * stopped (SIGSTOP) at the dangerous moment, just after it replaced the
 * status, by a test-only preload (`test/helpers/stop-after-replacing.mjs`),
 * and resumed once a standby has taken over and published.
 */
const cli = useCliSite();
const standin = useStandins();

const LEASE_S = 3;
const STOP_HOOK = join(REPO_ROOT, 'test', 'helpers', 'stop-after-replacing.mjs');

/** Whether the process is stopped (state `T` in /proc). */
function isStopped(process: CliProcess): boolean {
  const stat = readFileSync(`/proc/${process.child.pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).startsWith('T');
}

/**
 * Every file under `dirs` but the lock (which every writer touches) and the
 * history database: its bytes and inode, so that a file replaced, even by
 * the same bytes, shows.
 */
async function snapshot(root: string, dirs: readonly string[]): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (!/probe\.lock|history\.sqlite/.test(entry.name)) {
        const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
        files[relative(root, path)] = `${info.ino} ${createHash('sha1').update(bytes).digest('hex')}`;
      }
    }
  }
  for (const dir of dirs) await walk(join(root, dir));
  return files;
}

/**
 * What the history holds: every cycle recorded, every incident and the
 * marks, read through SQLite (its files' bytes move without a record: the
 * last connection to close moves the log into the database).
 */
function historyRecords(root: string): unknown {
  const db = new Database(join(root, '.state', 'history.sqlite'), { readonly: true });
  try {
    return {
      cycles: db.prepare('SELECT at_ms, interval_ms, published, hex(data) AS data FROM cycles ORDER BY at_ms').all(),
      incidents: db.prepare('SELECT * FROM incidents ORDER BY id').all(),
      marks: db.prepare('SELECT * FROM marks ORDER BY name').all(),
    };
  } finally {
    db.close();
  }
}

describe('a writer stopped just after it replaced the status', () => {
  it('writes nothing more once resumed after a standby took over: no observations, no history, no row', async () => {
    const component = await standin({ mode: 'healthy' });
    const root = cli.site.root;
    await writeFile(
      join(root, 'components.json'),
      JSON.stringify({
        region: 'ams1',
        schedule: '* * * * * *',
        components: [{ name: 'Scheduler', url: `${component.origin}/healthz` }],
      }),
    );
    expect((await runCli(['build'], { cwd: root, timeoutMs: 60_000 })).code).toBe(0);
    const probe = (env: NodeJS.ProcessEnv = {}): CliProcess => {
      const child = startCli(
        ['probe', '--config', 'components.json', '--standby', '--lock-stale-after', String(LEASE_S)],
        { cwd: root, env: { REGION: '', ...env } },
      );
      cli.children.push(child);
      return child;
    };

    // The writer publishes twice, then stops itself just after its third status is in place.
    const writer = probe({
      NODE_OPTIONS: `--import=${STOP_HOOK}`,
      STOP_AFTER_REPLACING: '/api/v1/status',
      STOP_AT_REPLACE: '3',
    });
    await writer.waitForOutput(/wrote .*status/, 20_000);
    const standbys = [probe(), probe()];
    await Promise.all(standbys.map((standby) => standby.waitForOutput(/standby: pid \d+ on .* is the writer/, 20_000)));
    await waitFor(async () => isStopped(writer), 20_000);

    // A standby takes over after the lease and publishes.
    const taker = await Promise.race(
      standbys.map((standby) => standby.waitForOutput(/this probe is the writer now/, 20_000).then(() => standby)),
    );
    // Twice: its first cycle's history is recorded before its second status.
    await taker.waitForOutput(/this probe is the writer now[\s\S]*wrote .*status[\s\S]*wrote .*status/, 20_000);
    const writtenByTaker = ServiceStatusSchema.parse(
      JSON.parse(await readFile(join(root, 'public/api/v1/status'), 'utf8')),
    );

    // Everyone else stopped too, so that only the old writer could change a file while it runs.
    for (const other of standbys) other.child.kill('SIGSTOP');
    await waitFor(async () => standbys.every(isStopped), 5_000);
    const before = { files: await snapshot(root, ['public', '.state']), history: historyRecords(root) };
    writer.child.kill('SIGCONT');
    const exitCode = await writer.exited();
    const after = { files: await snapshot(root, ['public', '.state']), history: historyRecords(root) };
    for (const other of standbys) other.child.kill('SIGCONT');

    expect(after).toEqual(before);
    expect(exitCode).toBe(1);
    expect(writer.output()).toMatch(/no longer the writer/);
    // The region goes on without it.
    await waitFor(async () => {
      const text = await readFile(join(root, 'public/api/v1/status'), 'utf8').catch(() => '');
      const status = ServiceStatusSchema.safeParse(JSON.parse(text || '{}'));
      return status.success && status.data.updated_at > writtenByTaker.updated_at;
    }, 20_000);
  }, 120_000);
});
