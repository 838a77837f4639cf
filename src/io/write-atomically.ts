import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface WriteAtomicallyOptions {
  /**
   * Flush the temp file to disk before the rename (default true). Leave it
   * on for anything that is not rewritten soon: without it, a power cut
   * shortly after may leave the file empty. Off only for files rewritten
   * every cycle anyway, where a flush per file would cost more than the
   * write (1,000 detail documents a cycle).
   */
  readonly sync?: boolean;
}

/**
 * Replaces `file` with `contents` so that readers see either the old or the
 * new bytes, never a mix: write a dot-named temp file in the same directory,
 * flush it, then rename it over the target. The temp file is removed on failure.
 */
export async function writeAtomically(
  file: string,
  contents: string | Uint8Array,
  { sync = true }: WriteAtomicallyOptions = {},
): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(contents);
      if (sync) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
