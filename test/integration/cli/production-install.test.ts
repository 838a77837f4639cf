import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp-dirs.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';

const run = promisify(execFile);

/** The install command the README and deploy/README.md both give. */
const PRODUCTION_INSTALL = 'npm ci --omit=dev';

let clone: string;
let removeClone: (() => Promise<void>) | undefined;
let installLog = '';

/**
 * A fresh clone's files (tracked, plus new ones not ignored) in a temp dir,
 * then the production install for real: `npm ci --omit=dev`, which runs
 * `prepare` and so compiles dist/ with the TypeScript it installs. Nothing
 * native is compiled: better-sqlite3 loads the prebuilt binary in its package.
 */
beforeAll(async () => {
  ({ dir: clone, remove: removeClone } = await makeTempDir({ prefix: 'production-install-' }));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '' && existsSync(join(REPO_ROOT, file)));
  for (const file of files) await cp(join(REPO_ROOT, file), join(clone, file), { recursive: true });
  const env = { ...process.env, NODE_ENV: 'production', npm_config_audit: 'false', npm_config_fund: 'false' };
  const install = await run('npm', [...PRODUCTION_INSTALL.split(' ').slice(1), '--prefer-offline'], {
    cwd: clone,
    env,
  });
  installLog = install.stdout + install.stderr;
}, 180_000);

afterAll(async () => {
  await removeClone?.();
});

describe(`the production install path (${PRODUCTION_INSTALL}) on a fresh copy`, () => {
  it('is the one the README and deploy/README.md give', async () => {
    for (const file of ['README.md', 'deploy/README.md']) {
      expect(await readFile(join(REPO_ROOT, file), 'utf8'), file).toContain(`${PRODUCTION_INSTALL}   #`);
    }
  });

  it('installs no dev dependency and compiles dist/ through prepare', () => {
    expect(installLog).not.toMatch(/not found|ERR!/);
    expect(existsSync(join(clone, 'node_modules', 'vitest'))).toBe(false);
    expect(existsSync(join(clone, 'node_modules', 'zod'))).toBe(true);
    expect(existsSync(join(clone, 'dist', 'src', 'cli', 'main.js'))).toBe(true);
  });

  it('compiles nothing native, and the installed better-sqlite3 opens a database', async () => {
    expect(installLog).not.toMatch(/node-gyp|gyp info/);
    expect(existsSync(join(clone, 'node_modules', 'better-sqlite3', 'build'))).toBe(false);
    const opened = await run(
      process.execPath,
      [
        '-e',
        "const D = require('better-sqlite3'); console.log(new D(':memory:').prepare('SELECT 41 + 1 AS n').get().n)",
      ],
      { cwd: clone },
    );
    expect(opened.stdout.trim()).toBe('42');
  });

  it('then builds and serves with the compiled CLI, as cron, systemd and Docker run it', async () => {
    const built = await run(process.execPath, ['dist/src/cli/main.js', 'build'], { cwd: clone });
    expect(built.stdout).toMatch(/regions/);
    expect(existsSync(join(clone, 'public', 'api', 'v1', 'regions'))).toBe(true);
    const help = await run(process.execPath, ['dist/src/cli/main.js', 'probe', '--help'], { cwd: clone });
    expect(help.stdout).toMatch(/^Usage: service-directory probe/);
  });
});
