import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { isAbsolute, join, posix } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CliInvocation, findCliInvocation } from '../../helpers/cli-invocation.js';
import { parseSystemdUnit, type SystemdUnit, unitValue } from '../../helpers/parse-systemd-unit.js';

const UNITS_DIR = 'deploy/systemd';
const SERVE = 'service-directory-serve.service';
const PROBE = 'service-directory-probe.service';
const TIMER = 'service-directory-probe.timer';
const SIDECAR = 'service-directory-probe-sidecar.service';
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';

const units = new Map<string, SystemdUnit>();

beforeAll(async () => {
  for (const name of await readdir(UNITS_DIR)) {
    units.set(name, parseSystemdUnit(await readFile(join(UNITS_DIR, name), 'utf8')));
  }
});

function unit(name: string): SystemdUnit {
  const found = units.get(name);
  if (!found) throw new Error(`${UNITS_DIR}/${name} is missing`);
  return found;
}

function cliRun(name: string, key: 'ExecStart' | 'ExecStartPre'): CliInvocation {
  return findCliInvocation(unitValue(unit(name), 'Service', key).split(/\s+/));
}

describe('systemd units', () => {
  it('ships the serve unit, the probe service and timer (cron mode) and the probe sidecar', () => {
    expect([...units.keys()].sort()).toEqual([SIDECAR, PROBE, SERVE, TIMER].sort());
  });

  it('pass systemd-analyze verify without a warning', () => {
    const files = [...units.keys()].map((name) => join(UNITS_DIR, name));
    const result = spawnSync(SYSTEMD_ANALYZE, ['verify', ...files], { encoding: 'utf8' });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  });

  it('serve unit publishes the regions document, then serves public/ with headers.json and metrics on 9464', () => {
    expect(cliRun(SERVE, 'ExecStartPre')).toEqual({
      command: 'build',
      values: { data: 'data/regions.json', public: 'public' },
    });
    expect(cliRun(SERVE, 'ExecStart')).toEqual({
      command: 'serve',
      values: { public: 'public', headers: 'headers.json', 'metrics-port': '9464' },
    });
    expect(unit(SERVE).get('Install')?.get('WantedBy')).toEqual(['multi-user.target']);
  });

  it('probe service runs one cycle and exits (cron mode)', () => {
    expect(unitValue(unit(PROBE), 'Service', 'Type')).toBe('oneshot');
    expect(cliRun(PROBE, 'ExecStart')).toMatchObject({ command: 'probe', values: { once: true } });
    // Started by the timer only.
    expect(unit(PROBE).has('Install')).toBe(false);
  });

  it('timer starts the probe service every 30 seconds, to the second', () => {
    expect(unitValue(unit(TIMER), 'Timer', 'Unit')).toBe(PROBE);
    expect(unitValue(unit(TIMER), 'Timer', 'OnCalendar')).toBe('*-*-* *:*:00/30');
    expect(unitValue(unit(TIMER), 'Timer', 'AccuracySec')).toBe('1s');
    expect(unit(TIMER).get('Install')?.get('WantedBy')).toEqual(['timers.target']);
  });

  it('timer calendar elapses twice a minute', () => {
    const result = spawnSync(
      SYSTEMD_ANALYZE,
      ['calendar', '--iterations=3', unitValue(unit(TIMER), 'Timer', 'OnCalendar')],
      { encoding: 'utf8' },
    );
    const seconds = [...result.stdout.matchAll(/\d{2}:\d{2}:(\d{2}) /g)].map((match) => match[1]);
    expect(result.status).toBe(0);
    expect(new Set(seconds)).toEqual(new Set(['00', '30']));
  });

  it('sidecar unit runs the probe as a long-running process, restarts it, and excludes the timer', () => {
    const run = cliRun(SIDECAR, 'ExecStart');
    expect(run.command).toBe('probe');
    expect(run.values.once).toBeUndefined();
    expect(unitValue(unit(SIDECAR), 'Service', 'Restart')).toBe('always');
    expect(unitValue(unit(SIDECAR), 'Service', 'KillSignal')).toBe('SIGTERM');
    expect(unitValue(unit(SIDECAR), 'Unit', 'Conflicts').split(/\s+/).sort()).toEqual([PROBE, TIMER].sort());
    expect(unitValue(unit(TIMER), 'Unit', 'Conflicts')).toBe(SIDECAR);
  });

  it('every service runs as one unprivileged user from one directory with the compiled CLI', () => {
    for (const name of [SERVE, PROBE, SIDECAR]) {
      expect(unitValue(unit(name), 'Service', 'User'), name).toBe('service-directory');
      expect(unitValue(unit(name), 'Service', 'WorkingDirectory'), name).toBe('/opt/service-directory');
      expect(unitValue(unit(name), 'Service', 'ExecStart'), name).toMatch(
        /^\/usr\/bin\/node (--\S+ )*dist\/src\/cli\/main\.js /,
      );
      expect(unitValue(unit(name), 'Service', 'NoNewPrivileges'), name).toBe('yes');
    }
  });

  it('both probe modes write the status where the serve unit serves it, with the same config', () => {
    const served = String(cliRun(SERVE, 'ExecStart').values.public);
    for (const name of [PROBE, SIDECAR]) {
      const { values } = cliRun(name, 'ExecStart');
      expect(values.out, name).toBe(served);
      expect(values.config, name).toBe('data/components.json');
    }
  });

  it('both probe modes keep their state in their StateDirectory, outside the served directory', () => {
    const served = posix.resolve('/opt/service-directory', String(cliRun(SERVE, 'ExecStart').values.public));
    for (const name of [PROBE, SIDECAR]) {
      const state = String(cliRun(name, 'ExecStart').values.state);
      const stateDirectory = `/var/lib/${unitValue(unit(name), 'Service', 'StateDirectory')}`;
      expect(isAbsolute(state), name).toBe(true);
      expect(posix.dirname(state), name).toBe(stateDirectory);
      expect(state.startsWith(`${served}/`), name).toBe(false);
    }
  });
});
