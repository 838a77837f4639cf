import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const cli = useCliSite();

/** A config of one heartbeat component, beside the shipped regions; returns the flags every command takes. */
async function heartbeatSite() {
  const { root, publicDir, regionsFile } = cli.site;
  const config = join(root, 'data', 'components.json');
  await writeFile(
    config,
    JSON.stringify({
      region: 'ams1',
      failure_threshold: 1,
      success_threshold: 1,
      components: [
        { name: 'Control API', url: 'tcp://127.0.0.1:1' },
        {
          name: 'Nightly Build',
          heartbeat: { every_seconds: 86_400, grace_seconds: 3_600, token_env: 'NIGHTLY_BUILD_TOKEN' },
        },
      ],
    }),
  );
  const state = join(root, 'state', 'probe-state.json');
  const once = ['probe', '--once', '--config', config, '--regions', regionsFile, '--out', publicDir, '--state', state];
  const observed = async () => {
    const observations = JSON.parse(await readFile(join(publicDir, 'api', 'v1', 'observations'), 'utf8'));
    return observations.components[1];
  };
  return { root, config, state, once, observed };
}

describe('service-directory heartbeat, for cron mode', () => {
  it('records a success and a failure that the next probe --once judges, without any token set', async () => {
    const { root, config, state, once, observed } = await heartbeatSite();
    const recorded = await runCli(['heartbeat', 'Nightly Build', '--config', config, '--state', state], { cwd: root });
    expect(recorded).toMatchObject({
      code: 0,
      stdout: 'heartbeat: recorded a success for Nightly Build (nightly-build)\n',
    });
    expect((await runCli(once, { cwd: root })).code).toBe(0);
    expect(await observed()).toMatchObject({ status: 'operational', failure_reason: null });

    const failed = await runCli(
      ['heartbeat', 'Nightly Build', '--fail', 'backup: disk full', '--config', config, '--state', state],
      {
        cwd: root,
      },
    );
    expect(failed.code).toBe(0);
    expect((await runCli(once, { cwd: root })).code).toBe(0);
    expect(await observed()).toMatchObject({
      status: 'major_outage',
      failure_class: 'error',
      failure_reason: 'heartbeat failed: "backup: disk full"',
    });
  });

  it('refuses a name that is no heartbeat component, listing those there are', async () => {
    const { root, config, state } = await heartbeatSite();
    const result = await runCli(['heartbeat', 'Control API', '--config', config, '--state', state], { cwd: root });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'data/components.json: components: "Control API" is not a heartbeat component (heartbeat components: "Nightly Build")\n',
    );
  });

  it('tells probe --once that it has no push listener', async () => {
    const { root, once } = await heartbeatSite();
    const result = await runCli([...once, '--push-port', '0'], { cwd: root });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^--push-port is for the sidecar: with --once, jobs record their pushes with service-directory heartbeat NAME/,
    );
  });

  it('refuses to start a push listener without the token, naming the variable and never a value', async () => {
    const { root, once } = await heartbeatSite();
    const sidecar = once.filter((arg) => arg !== '--once');
    const result = await runCli([...sidecar, '--push-port', '0'], {
      cwd: root,
      env: { NIGHTLY_BUILD_TOKEN: '' },
      timeoutMs: 20_000,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'environment: NIGHTLY_BUILD_TOKEN: is required: the push token of heartbeat component "Nightly Build" in data/components.json',
    );
  });
});
