import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { type ProcessResult, runProcess, TSX_LOADER } from '../../helpers/run-cli.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';

let dir: string;
const tempDir = tempDirsPerTest();
beforeEach(async () => {
  dir = await tempDir();
});

/** Runs test/fixtures/abandon-statements.ts in a child with `--expose-gc`. */
function abandonStatements(rounds: number): Promise<ProcessResult> {
  const script = join(REPO_ROOT, 'test', 'fixtures', 'abandon-statements.ts');
  return runProcess(process.execPath, ['--expose-gc', '--import', TSX_LOADER, script, dir, String(rounds)]);
}

// better-sqlite3 12 on Node 24 aborted here (SIGABRT in ~Statement or ~StatementIterator when V8 collected them on its own schedule).
it(`survives statements iterated, abandoned part-way and garbage collected, and exits 0 on Node ${process.versions.node}`, async () => {
  const result = await abandonStatements(20_000);
  const out = result.stdout + result.stderr;
  expect(result.signal, out).toBeNull();
  expect(result.code, out).toBe(0);
  expect(JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '')).toEqual({ rendered: 50, abandoned: 20_000 });
}, 60_000);
