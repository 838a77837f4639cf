import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  removePublicFile,
  updatePublicFileSiblings,
  writePublicFile,
} from '../../../src/compression/write-public-file.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const ON = { precompress: true };
const OFF = { precompress: false };

/** A JSON body well over the 256-byte floor, different for each `n`. */
function documentOf(n: number): string {
  return `${JSON.stringify({ n, components: Array.from({ length: 40 }, (_, i) => ({ name: `component-${i}`, status: 'operational' })) })}\n`;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

describe('writePublicFile', () => {
  const publicDir = tempDirsPerTest();

  it('writes the file and .gz and .br siblings that decode to its bytes', async () => {
    const dir = await publicDir();
    const file = await writePublicFile(dir, '/api/v1/status', documentOf(1), ON);
    expect(file).toBe(join(dir, 'api/v1/status'));
    expect(await readFile(file, 'utf8')).toBe(documentOf(1));
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(documentOf(1));
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(documentOf(1));
  });

  it('writes the siblings before the file, so that none is older than it', async () => {
    const dir = await publicDir();
    const file = await writePublicFile(dir, '/api/v1/status', documentOf(1), ON);
    const fileTime = (await stat(file)).mtimeMs;
    expect((await stat(`${file}.gz`)).mtimeMs).toBeLessThanOrEqual(fileTime);
    expect((await stat(`${file}.br`)).mtimeMs).toBeLessThanOrEqual(fileTime);
  });

  it('keeps the siblings as they are when the bytes did not change', async () => {
    const dir = await publicDir();
    const file = await writePublicFile(dir, '/api/v1/status', documentOf(1), ON);
    const before = [(await stat(`${file}.gz`)).ino, (await stat(`${file}.br`)).ino];
    await writePublicFile(dir, '/api/v1/status', documentOf(1), ON);
    expect([(await stat(`${file}.gz`)).ino, (await stat(`${file}.br`)).ino]).toEqual(before);
  });

  it('replaces the siblings when the bytes changed', async () => {
    const dir = await publicDir();
    await writePublicFile(dir, '/api/v1/status', documentOf(1), ON);
    const file = await writePublicFile(dir, '/api/v1/status', documentOf(2), ON);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(documentOf(2));
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(documentOf(2));
  });

  it('replaces a sibling that no longer matches, even with the file unchanged', async () => {
    const dir = await publicDir();
    const file = await writePublicFile(dir, '/api/v1/status', documentOf(1), ON);
    await writeFile(`${file}.br`, 'not brotli');
    await writePublicFile(dir, '/api/v1/status', documentOf(1), ON);
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(documentOf(1));
  });

  it('gives a file under 256 bytes no siblings, and removes the ones it had', async () => {
    const dir = await publicDir();
    const file = await writePublicFile(dir, '/api/v1/status', documentOf(1), ON);
    await writePublicFile(dir, '/api/v1/status', '{"small":true}\n', ON);
    expect(await exists(`${file}.gz`)).toBe(false);
    expect(await exists(`${file}.br`)).toBe(false);
  });

  it('removes the siblings when precompressing is off', async () => {
    const dir = await publicDir();
    const file = await writePublicFile(dir, '/api/v1/status', documentOf(1), ON);
    await writePublicFile(dir, '/api/v1/status', documentOf(2), OFF);
    expect(await readFile(file, 'utf8')).toBe(documentOf(2));
    expect(await exists(`${file}.gz`)).toBe(false);
    expect(await exists(`${file}.br`)).toBe(false);
  });

  it('removes the siblings a --precompress run left at the first write without it, and looks no more after that', async () => {
    const dir = await publicDir();
    const file = join(dir, 'api/v1/status');
    await mkdir(join(dir, 'api/v1'), { recursive: true });
    // Left by another process (an earlier run with --precompress), unknown to this one.
    await writeFile(`${file}.gz`, 'old gzip');
    await writeFile(`${file}.br`, 'old brotli');
    await writePublicFile(dir, '/api/v1/status', documentOf(1), OFF);
    expect([await exists(`${file}.gz`), await exists(`${file}.br`)]).toEqual([false, false]);
    // This process removed them and wrote none since: a later write costs no unlink per sibling.
    await writeFile(`${file}.gz`, 'written behind its back');
    await writePublicFile(dir, '/api/v1/status', documentOf(2), OFF);
    expect(await readFile(`${file}.gz`, 'utf8')).toBe('written behind its back');
  });

  it('makes the directory again when it was removed since the last write', async () => {
    const dir = await publicDir();
    await writePublicFile(dir, '/api/v1/component-history/registry.json', documentOf(1), ON);
    await rm(join(dir, 'api'), { recursive: true });
    const file = await writePublicFile(dir, '/api/v1/component-history/registry.json', documentOf(2), ON);
    expect(await readFile(file, 'utf8')).toBe(documentOf(2));
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(documentOf(2));
  });

  it('gives a file not worth compressing no siblings', async () => {
    const dir = await publicDir();
    const file = await writePublicFile(dir, '/_headers', documentOf(1), ON);
    expect(await exists(`${file}.gz`)).toBe(false);
  });

  it('leaves the file as it was when a stale sibling can be neither replaced nor removed', async () => {
    const dir = await publicDir();
    const file = await writePublicFile(dir, '/api/v1/status', documentOf(1), ON);
    // A directory in the sibling's place: nothing is renamed over it, and rm without recursive refuses it.
    await rm(`${file}.gz`);
    await mkdir(`${file}.gz/inside`, { recursive: true });
    await expect(writePublicFile(dir, '/api/v1/status', documentOf(2), ON)).rejects.toThrow();
    expect(await readFile(file, 'utf8')).toBe(documentOf(1));
  });
});

describe('updatePublicFileSiblings', () => {
  const tempDir = tempDirsPerTest();

  it("brings a file's siblings in line with bytes another writer put there", async () => {
    const dir = await tempDir();
    await writePublicFile(dir, '/status-page.js', documentOf(1), ON);
    await writeFile(join(dir, 'status-page.js'), documentOf(2));
    await updatePublicFileSiblings(dir, '/status-page.js', ON);
    expect(gunzipSync(await readFile(join(dir, 'status-page.js.gz'))).toString()).toBe(documentOf(2));
  });

  it('removes the siblings of a file that is gone', async () => {
    const dir = await tempDir();
    await writePublicFile(dir, '/status-page.js', documentOf(1), ON);
    await rm(join(dir, 'status-page.js'));
    await updatePublicFileSiblings(dir, '/status-page.js', ON);
    expect(await exists(join(dir, 'status-page.js.gz'))).toBe(false);
    expect(await exists(join(dir, 'status-page.js.br'))).toBe(false);
  });
});

describe('removePublicFile', () => {
  const tempDir = tempDirsPerTest();

  it('removes the file and its siblings', async () => {
    const dir = await tempDir();
    await writePublicFile(dir, '/api/v1/component-history/api.json', documentOf(1), ON);
    await removePublicFile(dir, '/api/v1/component-history/api.json');
    for (const suffix of ['', '.gz', '.br']) {
      expect(await exists(join(dir, `api/v1/component-history/api.json${suffix}`))).toBe(false);
    }
  });
});
