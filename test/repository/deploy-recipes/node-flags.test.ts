import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { LONG_RUNNING_NODE_FLAGS } from '../../../src/cli/long-running-node-flags.js';
import { findCliInvocations, nodeOptionsOf } from '../../helpers/cli-invocation.js';
import { execForm, instructionsOf, parseDockerfile } from '../../helpers/parse-dockerfile.js';
import { parseSystemdUnit, unitValue } from '../../helpers/parse-systemd-unit.js';

/**
 * `serve` and the probe sidecar run for days, and one `probe --once` cycle of
 * thousands of components allocates gigabytes in seconds: every recipe that
 * starts one of them gives Node the options that cap V8's young generation
 * (see src/cli/long-running-node-flags.ts), and the bench measures them as
 * shipped. `build` is left as it is.
 */
const FLAGS = [...LONG_RUNNING_NODE_FLAGS];

/** Every argv in a parsed YAML tree that runs the compiled CLI (a container's `command`). */
function commandsIn(node: unknown): string[][] {
  if (Array.isArray(node)) {
    if (node.every((item) => typeof item === 'string') && node.some((item) => item.endsWith('dist/src/cli/main.js')))
      return [node];
    return node.flatMap(commandsIn);
  }
  if (typeof node === 'object' && node !== null) return Object.values(node).flatMap(commandsIn);
  return [];
}

/** Whether an argv starts `serve` or the probe (the sidecar or `--once`). */
function isServeOrProbe(words: readonly string[]): boolean {
  return findCliInvocations(words).some(({ command }) => command === 'serve' || command === 'probe');
}

let scripts: Record<string, string>;
beforeAll(async () => {
  const manifest: unknown = JSON.parse(await readFile('package.json', 'utf8'));
  scripts = Object(Reflect.get(Object(manifest), 'scripts'));
});

describe('the Node options of the long-running processes', () => {
  it('npm start, npm run serve and npm run probe pass them to scripts/cli.mjs', () => {
    for (const name of ['start', 'serve', 'probe']) {
      expect(nodeOptionsOf(String(scripts[name]).split(/\s+/)), name).toEqual(FLAGS);
    }
  });

  it("the image's default command (serve) passes them", async () => {
    const stages = parseDockerfile(await readFile('deploy/docker/Dockerfile', 'utf8'));
    const final = stages.at(-1);
    const argv = execForm(final ? (instructionsOf(final, 'CMD')[0]?.args ?? '') : '') ?? [];
    expect(nodeOptionsOf(argv)).toEqual(FLAGS);
  });

  it('the serve, sidecar and one-cycle probe units pass them', async () => {
    const execStart = async (name: string) =>
      unitValue(parseSystemdUnit(await readFile(`deploy/systemd/${name}`, 'utf8')), 'Service', 'ExecStart').split(
        /\s+/,
      );
    expect(nodeOptionsOf(await execStart('service-directory-serve.service'))).toEqual(FLAGS);
    expect(nodeOptionsOf(await execStart('service-directory-probe-sidecar.service'))).toEqual(FLAGS);
    expect(nodeOptionsOf(await execStart('service-directory-probe.service'))).toEqual(FLAGS);
  });

  it('every Kubernetes container that serves or probes passes them', async () => {
    const commands: string[][] = [];
    for (const file of ['cronjob.yaml', 'statefulset.yaml', 'static-cronjob.yaml']) {
      const text = await readFile(`deploy/kubernetes/${file}`, 'utf8');
      commands.push(...parseAllDocuments(text).flatMap((document) => commandsIn(document.toJS())));
    }
    const running = commands.filter(isServeOrProbe);
    // The StatefulSet's serve and sidecar, the CronJob example's serve and --once, the static CronJob's --once.
    expect(running.length).toBe(5);
    for (const argv of running) expect(nodeOptionsOf(argv), argv.join(' ')).toEqual(FLAGS);
  });

  it('both crontab lines pass them to probe --once', async () => {
    const lines = (await readFile('deploy/cron/crontab', 'utf8'))
      .split('\n')
      .filter((line) => line.includes('main.js'));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(nodeOptionsOf(line.split(/\s+/)), line).toEqual(FLAGS);
  });
});
