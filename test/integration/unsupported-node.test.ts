import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MINIMUM_NODE_MAJOR } from '../../src/cli/supported-node.js';
import { cliArgv, runProcess } from '../helpers/run-cli.js';
import { makeTempSite, REPO_ROOT, snapshotTree, type TempSite } from '../helpers/temp-site.js';

/**
 * A real Node.js older than the oldest supported line: `SD_OLD_NODE` (`.ci/run`
 * fetches Node 20 for it) or this machine's `/usr/bin/node` when it is one.
 * Without either, this Node with `process.versions.node` pinned to 20.20.2
 * before anything loads, which is what the refusal reads.
 */
function oldNode(): { label: string; argv: string[] } {
  for (const candidate of [process.env.SD_OLD_NODE, '/usr/bin/node']) {
    if (!candidate) continue;
    const version = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim();
    if (version && Number.parseInt(version, 10) < MINIMUM_NODE_MAJOR)
      return { label: `Node ${version} (${candidate})`, argv: [candidate] };
  }
  const pin = "Object.defineProperty(process.versions,'node',{value:'20.20.2'})";
  return { label: 'this Node, reporting 20.20.2', argv: [process.execPath, '--import', `data:text/javascript,${pin}`] };
}

const old = oldNode();
let site: TempSite;
beforeEach(async () => {
  site = await makeTempSite();
});
afterEach(async () => {
  await site.remove();
});

describe(`on ${old.label}`, () => {
  it.each([
    ['the CLI (`start`)', () => cliArgv(['start', '--port', '0'])],
    ['the CLI (`probe --once`)', () => cliArgv(['probe', '--once', '--out', 'public', '--state', 'state.json'])],
    ['`npm start`, `npm run build`: scripts/cli.mjs', () => [join(REPO_ROOT, 'scripts', 'cli.mjs'), 'build']],
  ])('%s refuses in one line, exits 1 and touches nothing', async (_name, args) => {
    const before = await snapshotTree(site.root);
    const [command = '', ...rest] = [...old.argv, ...args()];
    const result = await runProcess(command, rest, { cwd: site.root, timeoutMs: 20_000 });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^service-directory needs Node\.js 22 or newer \(.*\); this is Node\.js 20\.\d+\.\d+\n$/,
    );
    expect(await snapshotTree(site.root)).toEqual(before);
  });
});
