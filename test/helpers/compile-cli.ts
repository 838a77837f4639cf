import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './temp-site.js';

/**
 * vitest's global setup for the tests that run the CLI in child processes:
 * they run the compiled CLI (`node dist/src/cli/main.js`), as production does,
 * so dist/ is compiled first when src/ is newer than it (the same check
 * `npm run build|probe|...` makes), without the type check (`npm test` has
 * just run it, and vitest itself checks no types). A failed compile stops the run.
 */
export default function compileCli(): void {
  const compile = [join(REPO_ROOT, 'scripts', 'compile.mjs'), '--if-changed', '--no-type-check'];
  const result = spawnSync(process.execPath, compile, {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`scripts/compile.mjs --if-changed exited ${result.status ?? result.signal}`);
}
