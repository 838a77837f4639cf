import { readdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withFileLock } from '../../../src/io/with-file-lock.js';
import { deadPid } from '../../helpers/dead-pid.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const tempDir = tempDirsPerTest({ prefix: 'file-lock-' });

describe('withFileLock', () => {
  it('takes over at once a fresh lock whose holder on this host is gone, removing the temp file it left', async () => {
    const dir = await tempDir();
    const file = join(dir, 'notices.json');
    const pid = await deadPid();
    await writeFile(`${file}.lock`, `${JSON.stringify({ pid, host: hostname(), since: new Date().toISOString() })}\n`);
    // Killed between writing its temp file and linking it: empty, named for the lock.
    await writeFile(join(dir, `.notices.json.lock.${pid}.0a1b2c3d.tmp`), '');
    // Far less than the 30 s after which a lock is stale by age alone.
    expect(await withFileLock(file, async () => 'edited', { waitMs: 1_000 })).toBe('edited');
    expect(await readdir(dir)).toEqual([]);
  });

  it('waits for a live holder of this host, then names it', async () => {
    const dir = await tempDir();
    const file = join(dir, 'notices.json');
    const holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
    await writeFile(`${file}.lock`, `${JSON.stringify(holder)}\n`);
    await expect(withFileLock(file, async () => 'edited', { waitMs: 200 })).rejects.toThrow(
      `notices.json: is being edited (${file}.lock: ${JSON.stringify(holder)}); try again`,
    );
  });
});
