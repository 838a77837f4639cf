import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TSX_LOADER } from './run-cli.js';
import { REPO_ROOT } from './temp-site.js';

/**
 * Starts `test/fixtures/rewrite-status.ts` in a child process, rewriting
 * `file` with `versions` in turn (`atomic`: as the probe does; `in-place`:
 * truncate and write, then whole for `wholeMs`), and resolves once it has
 * written the first. `scratchDir` takes the file of versions it reads.
 */
export async function startRewriter(
  scratchDir: string,
  mode: 'atomic' | 'in-place',
  file: string,
  versions: readonly string[],
  wholeMs?: number,
): Promise<ChildProcess> {
  const versionsFile = join(scratchDir, `versions-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(versionsFile, JSON.stringify(versions));
  const child = spawn(
    process.execPath,
    [
      '--import',
      TSX_LOADER,
      join(REPO_ROOT, 'test/fixtures/rewrite-status.ts'),
      mode,
      file,
      versionsFile,
      ...(wholeMs === undefined ? [] : [String(wholeMs)]),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`writer exited with ${code}`)));
  });
}
