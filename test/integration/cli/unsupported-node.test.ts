import { spawnSync } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeUnsupportedNode, SUPPORTED_NODE_LINES } from '../../../src/cli/supported-node.js';
import { cliArgv, runProcess } from '../../helpers/run-cli.js';
import { makeTempSite, REPO_ROOT, snapshotTree, type TempSite } from '../../helpers/temp-site.js';

const SUPPORTED_MAJORS: readonly number[] = SUPPORTED_NODE_LINES.map(({ major }) => major);

/** This Node with `process.versions.node` pinned to `version` before anything loads, which is what the refusals read. */
function pinnedNode(version: string): string[] {
  const pin = `Object.defineProperty(process.versions,'node',{value:'${version}'})`;
  return [process.execPath, '--import', `data:text/javascript,${pin}`];
}

/**
 * A real Node.js older than the oldest supported line: `SD_OLD_NODE` (`.ci/run`
 * fetches Node 20 for it) or this machine's `/usr/bin/node` when it is one.
 * Without either, this Node pinned to 20.20.2.
 */
function oldNode(): { label: string; argv: string[]; binary?: string } {
  for (const candidate of [process.env.SD_OLD_NODE, '/usr/bin/node']) {
    if (!candidate) continue;
    const version = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim();
    if (version && Number.parseInt(version, 10) < (SUPPORTED_MAJORS[0] ?? 0))
      return { label: `Node ${version} (${candidate})`, argv: [candidate], binary: candidate };
  }
  return { label: 'this Node, reporting 20.20.2', argv: pinnedNode('20.20.2') };
}

/** Every way in: the compiled CLI, the npm scripts' runner, and the check `npm test` and the other scripts run first. */
const ENTRIES: [string, () => string[]][] = [
  ['the CLI (`start`)', () => cliArgv(['start', '--port', '0'])],
  ['the CLI (`probe --once`)', () => cliArgv(['probe', '--once', '--out', 'public', '--state', 'state.json'])],
  ['`npm start`, `npm run build`: scripts/cli.mjs', () => [join(REPO_ROOT, 'scripts', 'cli.mjs'), 'build']],
  [
    '`npm test` and the other test scripts: scripts/check-node.mjs',
    () => [join(REPO_ROOT, 'scripts', 'check-node.mjs')],
  ],
  ['`npm ci` (prepare): scripts/compile.mjs', () => [join(REPO_ROOT, 'scripts', 'compile.mjs'), '--no-type-check']],
];

let site: TempSite;
beforeEach(async () => {
  site = await makeTempSite();
});
afterEach(async () => {
  await site.remove();
});

/** Runs `args` on `node` in the temp site and checks the one-line refusal, the exit status and that nothing was touched. */
async function expectRefused(node: readonly string[], args: readonly string[]): Promise<void> {
  const before = await snapshotTree(site.root);
  const [command = '', ...rest] = [...node, ...args];
  const result = await runProcess(command, rest, { cwd: site.root, timeoutMs: 20_000 });
  const version = spawnSync(node[0] ?? '', [...node.slice(1), '-p', 'process.versions.node'], { encoding: 'utf8' });
  expect(result.code, result.stderr).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toBe(`${describeUnsupportedNode(version.stdout.trim())}\n`);
  expect(await snapshotTree(site.root)).toEqual(before);
}

const old = oldNode();
describe(`on ${old.label}`, () => {
  it.each(ENTRIES)('%s refuses in one line, exits 1 and touches nothing', async (_name, args) => {
    await expectRefused(old.argv, args());
  });

  it.runIf(old.binary !== undefined)('`npm test` refuses in the same line before the type check', () => {
    const result = spawnSync('npm', ['test'], {
      cwd: REPO_ROOT,
      env: { ...process.env, PATH: `${dirname(old.binary ?? '')}:${process.env.PATH ?? ''}` },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `${describeUnsupportedNode(String(spawnSync(old.binary ?? '', ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout).trim())}\n`,
    );
    // npm prints the script it runs; the type check's own would follow had it started.
    expect(result.stdout).not.toMatch(/^> tsc /m);
  });
});

describe('npm ci on an unsupported Node.js', () => {
  let copy: TempSite | undefined;
  afterEach(async () => {
    await copy?.remove();
    copy = undefined;
  });

  it.runIf(old.binary !== undefined)(
    'refuses at once with one EBADENGINE error, installing nothing (.npmrc engine-strict)',
    async () => {
      copy = await makeTempSite();
      for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
        await cp(join(REPO_ROOT, file), join(copy.root, file));
      }
      const result = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts'], {
        cwd: copy.root,
        env: { ...process.env, PATH: `${dirname(old.binary ?? '')}:${process.env.PATH ?? ''}` },
        encoding: 'utf8',
      });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toMatch(/npm error code EBADENGINE/);
      expect(result.stderr).toContain('Required: {"node":"^22 || ^24 || ^26"}');
      expect(result.stderr).not.toMatch(/npm warn EBADENGINE/);
    },
  );
});

describe('on an odd line (this Node, reporting 25.2.0): a Current release, never LTS, not tested', () => {
  it.each(ENTRIES)('%s refuses in one line, exits 1 and touches nothing', async (_name, args) => {
    await expectRefused(pinnedNode('25.2.0'), args());
  });
});

describe('the refusal of the npm scripts (scripts/check-node.mjs) and of the CLI (supported-node.ts)', () => {
  it.each(['20.20.2', '23.11.1', '25.2.0', '27.0.0', '28.0.0', ...SUPPORTED_MAJORS.map((major) => `${major}.1.0`)])(
    'say the same of Node %s',
    (version) => {
      const script = `import(${JSON.stringify(join(REPO_ROOT, 'scripts', 'check-node.mjs'))}).then((m) => console.log(JSON.stringify(m.describeUnsupportedNode(${JSON.stringify(version)}) ?? null)))`;
      const printed = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
      expect(JSON.parse(printed.stdout)).toBe(describeUnsupportedNode(version) ?? null);
    },
  );
});
