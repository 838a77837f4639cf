import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { removeStaleTempFiles, removeStaleTempFilesUnder } from '../../../src/io/remove-stale-temp-files.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

let dir: string;
const tempDir = tempDirsPerTest({ prefix: 'stale-temps-' });
beforeEach(async () => {
  dir = await tempDir();
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

describe('removeStaleTempFilesUnder', () => {
  it('removes the temp files of dead writers in every subdirectory, whatever they were named after', async () => {
    const names = [
      'component-history/control-api.json',
      'component-history/.control-api.json.111.ab12.tmp',
      'component-history/.control-api.json.br.111.ab13.tmp',
      'component-history/.scheduler.json.222.cd34.tmp',
      'badges/components/control-api/status.svg',
      'badges/components/control-api/.status.svg.111.ef56.tmp',
      'badges/.status.json.x.tmp',
      'badges/.keep',
    ];
    for (const name of names) {
      await mkdir(join(dir, name, '..'), { recursive: true });
      await writeFile(join(dir, name), 'x');
    }
    const removed = await removeStaleTempFilesUnder(dir, (pid) => pid === 222);
    expect(removed).toEqual([
      'badges/components/control-api/.status.svg.111.ef56.tmp',
      'component-history/.control-api.json.111.ab12.tmp',
      'component-history/.control-api.json.br.111.ab13.tmp',
    ]);
    const left = await readdir(dir, { recursive: true, withFileTypes: true });
    expect(
      left
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
        .sort(),
    ).toEqual([
      'badges/.keep',
      'badges/.status.json.x.tmp',
      'badges/components/control-api/status.svg',
      'component-history/.scheduler.json.222.cd34.tmp',
      'component-history/control-api.json',
    ]);
  });

  it('does nothing when the directory does not exist', async () => {
    expect(await removeStaleTempFilesUnder(join(dir, 'missing'))).toEqual([]);
  });
});
