import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isPrecompressedSibling } from '../compression/precompressed-siblings.js';
import { isErrnoException } from '../errors/describe-error.js';
import { HOST_CONFIG_FILES } from './host-config-files.js';

/**
 * The files a static host would publish from `publicDir`, as sorted
 * slash-separated relative paths. Dot-named files and directories (the
 * atomic writer's temp files among them) and symlinks are skipped, as the
 * thin handler does not serve them, and so are precompressed siblings
 * (`FILE.gz`, `FILE.br`), which stand for their file: no header rules of
 * their own, and never uploaded to a bucket, whose CDN compresses itself. A
 * missing directory is simply empty.
 */
export async function listPublishedFiles(publicDir: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = relative(publicDir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (file.split('/').some((segment) => segment.startsWith('.'))) continue;
    if (HOST_CONFIG_FILES.has(file)) continue;
    // A static host sends a `.gz`/`.br` sibling in its file's stead; it is no file of its own.
    if (isPrecompressedSibling(`/${file}`)) continue;
    files.push(file);
  }
  return files.sort();
}
