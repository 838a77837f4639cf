import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/fixtures.js';
import { TSX_LOADER } from '../helpers/run-cli.js';
import { REPO_ROOT } from '../helpers/temp-site.js';

let dir: string;
let remove: () => Promise<void>;
beforeEach(async () => {
  ({ dir, remove } = await makeTempDir());
});
afterEach(async () => {
  await remove();
});

/** Runs test/fixtures/abandon-statements.ts in a child with `--expose-gc`: its exit code, signal and output. */
function abandonStatements(rounds: number): Promise<{ code: number | null; signal: string | null; out: string }> {
  const script = join(REPO_ROOT, 'test', 'fixtures', 'abandon-statements.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', TSX_LOADER, script, dir, String(rounds)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, out }));
  });
}

// better-sqlite3 12 on Node 24 aborted here (SIGABRT in ~StatementIterator during garbage collection).
it(`survives statements iterated, abandoned part-way and garbage collected, and exits 0 on Node ${process.versions.node}`, async () => {
  const result = await abandonStatements(20_000);
  expect(result.signal, result.out).toBeNull();
  expect(result.code, result.out).toBe(0);
  expect(JSON.parse(result.out.trim().split('\n').at(-1) ?? '')).toEqual({ rendered: 50, abandoned: 20_000 });
}, 60_000);
