import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WriterFencedError } from '../../../src/errors/writer-fenced-error.js';
import { createPublicDirWriter, siblingPathsOf } from '../../../src/public-dir/public-dir-writer.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

/** A JSON body over the 256-byte floor for siblings. */
const DOCUMENT = `${JSON.stringify({ components: Array.from({ length: 20 }, (_, i) => ({ name: `component-${i}` })) })}\n`;

describe('createPublicDirWriter', () => {
  const publicDir = tempDirsPerTest();

  it('writes a path under its directory, with siblings when it precompresses', async () => {
    const dir = await publicDir();
    const writer = createPublicDirWriter(dir, { precompress: true });
    const file = await writer.write('/api/v1/uptime', DOCUMENT, { sync: false });
    expect(file).toBe(join(dir, 'api/v1/uptime'));
    expect(writer.fileOf('/api/v1/uptime')).toBe(file);
    expect(await readFile(file, 'utf8')).toBe(DOCUMENT);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(DOCUMENT);
    expect(await readdir(join(dir, 'api/v1'))).toEqual(['uptime', 'uptime.br', 'uptime.gz']);
  });

  it('removes the siblings an earlier precompressing run left, when it does not precompress', async () => {
    const dir = await publicDir();
    await createPublicDirWriter(dir, { precompress: true }).write('/feed.atom', DOCUMENT);
    const file = await createPublicDirWriter(dir).write('/feed.atom', DOCUMENT);
    expect(await readdir(dir)).toEqual(['feed.atom']);
    expect(await readFile(file, 'utf8')).toBe(DOCUMENT);
  });

  it('removes a path with its siblings', async () => {
    const dir = await publicDir();
    const writer = createPublicDirWriter(dir, { precompress: true });
    await writer.write('/badges/status.json', DOCUMENT);
    await writer.remove('/badges/status.json');
    expect(await readdir(join(dir, 'badges'))).toEqual([]);
  });

  it('clears the temp files of a dead writer beside a path and under a directory', async () => {
    const dir = await publicDir();
    const writer = createPublicDirWriter(dir);
    await writer.write('/api/v2/summary.json', DOCUMENT);
    await writeFile(join(dir, 'api/v2/.summary.json.999999999.ab.tmp'), 'x');
    await writeFile(join(dir, 'api/v2/.status.json.999999999.cd.tmp'), 'x');
    expect(await writer.removeStaleTempFiles('/api/v2/summary.json')).toEqual(['.summary.json.999999999.ab.tmp']);
    expect(await writer.removeStaleTempFiles('/api/v2', 'under')).toHaveLength(1);
    expect(await readdir(join(dir, 'api/v2'))).toEqual(['summary.json']);
  });

  it('uploads nothing, and says so, without a bucket', async () => {
    const writer = createPublicDirWriter(await publicDir());
    expect(writer.mirror).toBeUndefined();
    expect(await writer.upload()).toBeUndefined();
    writer.close();
  });

  it('with a fence, replaces and removes nothing once it no longer holds, and leaves no temp file', async () => {
    const dir = await publicDir();
    let holding = true;
    const writer = createPublicDirWriter(dir, { precompress: true }).withFence({ holds: () => holding });
    await writer.write('/api/v1/uptime', DOCUMENT);
    holding = false;
    await expect(writer.write('/api/v1/uptime', '{}\n')).rejects.toThrow(WriterFencedError);
    await expect(writer.write('/api/v1/incidents', DOCUMENT, { sync: false })).rejects.toThrow(WriterFencedError);
    await expect(writer.remove('/api/v1/uptime')).rejects.toThrow(WriterFencedError);
    expect(await readdir(join(dir, 'api/v1'))).toEqual(['uptime', 'uptime.br', 'uptime.gz']);
    expect(await readFile(join(dir, 'api/v1/uptime'), 'utf8')).toBe(DOCUMENT);
  });

  it.each([true, false])(
    'asks the fence again just before the rename, after the temp file is written (flushed: %s)',
    async (sync) => {
      const dir = await publicDir();
      const writer = createPublicDirWriter(dir);
      await writer.write('/api/v1/observations', DOCUMENT);
      let asked = 0;
      // Holds when the write begins, no more by the time the temp file is ready: a pause in between.
      const fenced = writer.withFence({ holds: () => ++asked < 2 });
      await expect(fenced.write('/api/v1/observations', '{}\n', { sync })).rejects.toThrow(WriterFencedError);
      expect(asked).toBe(2);
      expect(await readdir(join(dir, 'api/v1'))).toEqual(['observations']);
      expect(await readFile(join(dir, 'api/v1/observations'), 'utf8')).toBe(DOCUMENT);
    },
  );

  it('names the siblings a path may have', () => {
    expect(siblingPathsOf('/api/v1/status')).toEqual(['/api/v1/status.gz', '/api/v1/status.br']);
  });
});
