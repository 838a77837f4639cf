import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStaleTempFiles } from '../../src/io/remove-stale-temp-files.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stale-temps-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('removeStaleTempFiles', () => {
  it('removes the temp files of dead writers and keeps everything else', async () => {
    const names = [
      'status',
      '.status.111.ab12.tmp',
      '.status.222.cd34.tmp',
      '.regions.111.ef56.tmp',
      '.status.x.tmp',
      'other',
    ];
    for (const name of names) await writeFile(join(dir, name), 'x');
    const removed = await removeStaleTempFiles(join(dir, 'status'), (pid) => pid === 222);
    expect(removed).toEqual(['.status.111.ab12.tmp']);
    expect((await readdir(dir)).sort()).toEqual([
      '.regions.111.ef56.tmp',
      '.status.222.cd34.tmp',
      '.status.x.tmp',
      'other',
      'status',
    ]);
  });

  it('does nothing when the directory does not exist', async () => {
    expect(await removeStaleTempFiles(join(dir, 'missing', 'status'))).toEqual([]);
  });
});
