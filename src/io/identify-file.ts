import { stat } from 'node:fs/promises';

/** What identifies a version of a file without reading it (inode, size, modification time); `missing` when there is none. */
export async function identifyFile(file: string): Promise<string> {
  const info = await stat(file).catch(() => undefined);
  return info === undefined ? 'missing' : `${info.ino}:${info.size}:${info.mtimeMs}`;
}
