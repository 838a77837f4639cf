import { randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { displayPath } from './display-path.js';
import { checkFence, type WriteFence } from './write-fence.js';

export interface WriteAtomicallyOptions {
  /**
   * Flush the temp file to disk before the rename (default true). Leave it
   * on for anything that is not rewritten soon: without it, a power cut
   * shortly after may leave the file empty. Off only for files written
   * again soon anyway (the probe's, but for the status: each is written
   * again at its first cycle after a start), where a flush per file would
   * cost more than the write (1,000 detail documents a minute).
   */
  readonly sync?: boolean;
  /**
   * Asked before the temp file is made and again just before the rename,
   * which then follows on this thread with nothing between (`WriteFence`):
   * once it no longer holds, this throws `WriterFencedError` with the file
   * left as it was.
   */
  readonly fence?: WriteFence | undefined;
}

/**
 * Replaces `file` with `contents` so that readers see either the old or the
 * new bytes, never a mix: write a dot-named temp file in the same directory,
 * flush it, then rename it over the target. The temp file is removed on failure.
 * Without `sync`, the four calls are made without the thread pool: a small
 * file's open, write, close and rename take less time than handing each to
 * a worker thread and back (half the CPU of the probe's writes of the
 * documents it rewrites every cycle), and none waits on the disk the way a
 * flush does, so the event loop is held for about a millisecond a file at
 * most, after a turn of it.
 */
export async function writeAtomically(
  file: string,
  contents: string | Uint8Array,
  { sync = true, fence }: WriteAtomicallyOptions = {},
): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const mayReplace = () => checkFence(fence, () => displayPath(file));
  if (!sync) {
    // A turn of the event loop first: a server in the same process (`start`) answers between two files,
    // not after a thousand (a rename over a file may take a millisecond: ext4 starts writing the new one back).
    await nextTurn();
    mayReplace();
    replaceWithoutFlush(file, temp, contents, mayReplace);
    return;
  }
  mayReplace();
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(contents);
      if (sync) await handle.sync();
    } finally {
      await handle.close();
    }
    if (fence === undefined) await rename(temp, file);
    else {
      // Asked again after the flush, which may have taken long, and renamed at once: no turn of the
      // event loop, and no queue of the thread pool, between the answer and the rename.
      mayReplace();
      renameSync(temp, file);
    }
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function replaceWithoutFlush(file: string, temp: string, contents: string | Uint8Array, mayReplace: () => void): void {
  try {
    const fd = openSync(temp, 'wx', 0o644);
    try {
      writeAll(fd, contents);
    } finally {
      closeSync(fd);
    }
    mayReplace();
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

function writeAll(fd: number, contents: string | Uint8Array): void {
  // A string is written as it is, without a copy into a Buffer first (19 MB a minute of detail documents).
  let offset = typeof contents === 'string' ? writeSync(fd, contents) : 0;
  if (typeof contents === 'string' && offset === Buffer.byteLength(contents)) return;
  // What a short write left over, or the bytes as given.
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
}
