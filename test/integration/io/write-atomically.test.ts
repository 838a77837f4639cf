import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAtomically } from '../../../src/io/write-atomically.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const tempDir = tempDirsPerTest();

describe.each([
  ['flushed', { sync: true }],
  ['not flushed (written without the thread pool)', { sync: false }],
])('writeAtomically, %s', (_, options) => {
  it('replaces the file with the new bytes and leaves no temp file', async () => {
    const dir = await tempDir();
    const file = join(dir, 'status');
    await writeFile(file, 'old');
    await writeAtomically(file, 'new ü', options);
    await writeAtomically(join(dir, 'bytes'), new Uint8Array([1, 2, 3]), options);
    expect(await readFile(file, 'utf8')).toBe('new ü');
    expect([...(await readFile(join(dir, 'bytes')))]).toEqual([1, 2, 3]);
    expect((await readdir(dir)).sort()).toEqual(['bytes', 'status']);
  });

  it('throws, removes its temp file and leaves what is there when the rename fails', async () => {
    const dir = await tempDir();
    // A non-empty directory in the file's place: nothing can be renamed over it.
    await mkdir(join(dir, 'status', 'inside'), { recursive: true });
    await expect(writeAtomically(join(dir, 'status'), 'new', options)).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['status']);
  });

  it('throws when the directory does not exist', async () => {
    const dir = await tempDir();
    await expect(writeAtomically(join(dir, 'missing', 'status'), 'new', options)).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
