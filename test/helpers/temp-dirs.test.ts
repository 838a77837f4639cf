import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, tempDirsPerTest } from './temp-dirs.js';

describe('makeTempDir', () => {
  it('makes a fresh directory under the system temp dir, named by its prefix, and removes it with its files', async () => {
    const { dir, remove } = await makeTempDir({ prefix: 'temp-dirs-test-' });
    expect(dirname(dir)).toBe(tmpdir());
    expect(basename(dir)).toMatch(/^temp-dirs-test-.{6}$/);
    await writeFile(join(dir, 'file'), 'x');
    await remove();
    expect(existsSync(dir)).toBe(false);
  });

  it('makes it under the parent it is given', async () => {
    const parent = await makeTempDir();
    const child = await makeTempDir({ parent: parent.dir });
    expect(dirname(child.dir)).toBe(parent.dir);
    await parent.remove();
  });
});

describe('tempDirsPerTest', () => {
  const tempDir = tempDirsPerTest();
  const made: string[] = [];
  afterAll(() => {
    expect(made).toHaveLength(2);
    for (const dir of made) expect(existsSync(dir), dir).toBe(false);
  });

  it('gives a fresh directory each time it is called', async () => {
    const first = await tempDir();
    const second = await tempDir();
    expect(first).not.toBe(second);
    made.push(first, second);
  });

  it('has removed the directories of the test before, after it', () => {
    expect(made.map((dir) => existsSync(dir))).toEqual([false, false]);
  });
});
