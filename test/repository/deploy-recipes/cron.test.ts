import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import cron from 'node-cron';
import { beforeAll, describe, expect, it } from 'vitest';
import { findCliInvocation } from '../../helpers/cli-invocation.js';
import { type Crontab, parseCrontab } from '../../helpers/parse-crontab.js';
import { parseSystemdUnit, unitValue } from '../../helpers/parse-systemd-unit.js';

let crontab: Crontab;
let servedDir: string;

beforeAll(async () => {
  crontab = parseCrontab(await readFile('deploy/cron/crontab', 'utf8'));
  // The crontab feeds the server that the systemd serve unit (or any other) runs from the same directory.
  const serve = parseSystemdUnit(await readFile('deploy/systemd/service-directory-serve.service', 'utf8'));
  const served = findCliInvocation(unitValue(serve, 'Service', 'ExecStart').split(/\s+/)).values.public;
  servedDir = posix.resolve(unitValue(serve, 'Service', 'WorkingDirectory'), String(served));
});

/** The directory a cron command runs the CLI from: its leading `cd DIR &&`. */
function workingDirectory(command: string): string {
  const match = /(?:^|&&\s*)cd\s+(\S+)\s+&&/.exec(command);
  if (!match?.[1]) throw new Error(`no "cd DIR &&" in: ${command}`);
  return match[1];
}

describe('crontab', () => {
  it('has two jobs, each five valid cron fields and a command', () => {
    expect(crontab.entries).toHaveLength(2);
    for (const entry of crontab.entries) {
      expect(entry.fields).toHaveLength(5);
      expect(cron.validate(entry.fields.join(' ')), `line ${entry.line}`).toBe(true);
    }
  });

  it('each job runs one probe cycle with the compiled CLI', () => {
    for (const { command, line } of crontab.entries) {
      expect(command, `line ${line}`).toMatch(/\/usr\/bin\/node (--\S+ )*dist\/src\/cli\/main\.js probe --once/);
      expect(findCliInvocation(command.split(/\s+/)), `line ${line}`).toMatchObject({
        command: 'probe',
        values: { once: true, config: 'data/components.json' },
      });
    }
  });

  it('runs every minute, the second job 30 seconds later, for a 30-second schedule', () => {
    const [first, second] = crontab.entries;
    expect(first?.fields).toEqual(['*', '*', '*', '*', '*']);
    expect(second?.fields).toEqual(['*', '*', '*', '*', '*']);
    expect(first?.command).not.toMatch(/sleep/);
    expect(second?.command).toMatch(/^sleep 30 && /);
  });

  it('never runs two cycles at once: both jobs take one non-blocking lock', () => {
    const locks = crontab.entries.map(({ command }) => /\/usr\/bin\/flock -n (\S+) /.exec(command)?.[1]);
    expect(locks[0]).toMatch(/^\/var\/lib\/service-directory\//);
    expect(locks[1]).toBe(locks[0]);
    // Not the probe's own lock beside its state: flock would leave it empty, and the probe refuse it every run.
    expect(posix.basename(String(locks[0]))).not.toBe('probe.lock');
  });

  it('writes the status where the server serves it and keeps the state outside it', () => {
    for (const { command, line } of crontab.entries) {
      const { values } = findCliInvocation(command.split(/\s+/));
      const out = posix.resolve(workingDirectory(command), String(values.out));
      const state = posix.resolve(workingDirectory(command), String(values.state));
      expect(out, `line ${line}`).toBe(servedDir);
      expect(state.startsWith(`${out}/`), `line ${line}`).toBe(false);
    }
  });

  it('names the region and logs to syslog, since cron mails output nobody reads', () => {
    expect(crontab.env.get('REGION')).toMatch(/^[a-z]+[0-9]$/);
    for (const { command } of crontab.entries) expect(command).toMatch(/2>&1 \| \/usr\/bin\/logger -t \S+$/);
  });
});
