import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, stat, symlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../helpers/temp-dirs.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';

const run = promisify(execFile);

let project: string;
let removeProject: (() => Promise<void>) | undefined;

/** When dist/ was last stamped as compiled. */
async function stampedMs(): Promise<number> {
  return (await stat(join(project, 'dist', '.compiled'))).mtimeMs;
}

/** What `npm run <command>` runs: scripts/cli.mjs, in a copy of the project. */
function runScript(...args: string[]) {
  return run(process.execPath, ['scripts/cli.mjs', ...args], { cwd: project });
}

/** A copy of the project with a compiled, stamped dist/, as `npm ci` leaves it. */
beforeAll(async () => {
  ({ dir: project, remove: removeProject } = await makeTempDir({ prefix: 'npm-scripts-' }));
  const entries = [
    'src',
    'scripts',
    'tsconfig.json',
    'tsconfig.build.json',
    'package.json',
    'package-lock.json',
    'dist',
  ];
  for (const entry of entries.filter((name) => existsSync(join(REPO_ROOT, name)))) {
    await cp(join(REPO_ROOT, entry), join(project, entry), { recursive: true, preserveTimestamps: true });
  }
  await symlink(join(REPO_ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
  // Brings the copied dist/ up to date (incrementally) only if the checkout's was behind its sources.
  await run(process.execPath, ['scripts/compile.mjs', '--if-changed'], { cwd: project });
}, 180_000);

afterAll(async () => {
  await removeProject?.();
});

describe('npm run <command> (scripts/cli.mjs)', () => {
  it('runs the compiled CLI without compiling when nothing under src/ changed', async () => {
    const before = await stampedMs();
    const { stdout } = await runScript('serve', '--help');
    expect(stdout).toMatch(/^Usage: service-directory serve/);
    expect(await stampedMs()).toBe(before);
  });

  it('recompiles first when a source file is newer than the last compile', async () => {
    const before = await stampedMs();
    const later = new Date(before + 5_000);
    await utimes(join(project, 'src', 'cli', 'main.ts'), later, later);
    const { stdout } = await runScript('--help');
    expect(stdout).toMatch(/^Usage: service-directory <command>/);
    expect(await stampedMs()).toBeGreaterThan(before);
  }, 180_000);
});
