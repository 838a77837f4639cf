import type { Stats } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import { posix } from 'node:path';

/** Where a checked URL path leads: a redirect, or the files that may answer it, in order. */
export type LookupPlan =
  | { readonly kind: 'redirect'; readonly location: string }
  | { readonly kind: 'look'; readonly candidates: readonly string[] };

/** A regular file under `public/` that answers a path. */
export interface FoundFile {
  /** Its path under `public/`, with a leading slash: what `headers.json` rules match and its type comes from. */
  readonly file: string;
  readonly absolute: string;
  /** From `lstat` when it was found: which version of the file that was. */
  readonly stats: Stats;
}

const CLEAN_URL_SUFFIX = /(\.html|\/index)$/;

/**
 * Clean URLs, as serve-handler's `cleanUrls` has always answered them here:
 * a path ending in `.html` or `/index` is redirected to the path without it;
 * any other path is answered by the first of these that is a regular file:
 * the file it names when it has an extension, then `index.html` in the
 * directory it names, then the path plus `.html`, then (without an
 * extension) the file it names. A directory answers nothing. Pure.
 */
export function planLookup(path: string): LookupPlan {
  if (CLEAN_URL_SUFFIX.test(path)) {
    const stripped = path.replace(CLEAN_URL_SUFFIX, '').replace(/\/+/g, '/');
    return { kind: 'redirect', location: stripped.startsWith('/') ? stripped : `/${stripped}` };
  }
  const related = [
    posix.join(path, 'index.html'),
    path.endsWith('/') ? `${path.slice(0, -1)}.html` : `${path}.html`,
  ].filter((candidate) => posix.basename(candidate) !== '.html');
  // A path ending in a slash names a directory, never a file.
  const itself = path.endsWith('/') ? [] : [path];
  return { kind: 'look', candidates: posix.extname(path) === '' ? [...related, ...itself] : [...itself, ...related] };
}

/** What the disk answers when a path names no file we could serve: missing, under a file, too long, a link. */
const NO_FILE_CODES: ReadonlySet<string> = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'ELOOP']);

/** Whether `error` says only that there is no file to serve at a path, rather than that the disk failed. */
export function isNoFileError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && NO_FILE_CODES.has(String(error.code));
}

/**
 * The first of `candidates` (checked paths under `publicDir`, which must be a
 * real path) that is a regular file reached through no symlink anywhere on
 * its path. Anything else (a directory, a FIFO, a device, a link) is passed
 * over as missing. Throws only a failure of the disk itself (EACCES, EMFILE).
 */
export async function findStaticFile(publicDir: string, candidates: readonly string[]): Promise<FoundFile | undefined> {
  for (const file of candidates) {
    const absolute = `${publicDir}${file}`;
    try {
      if ((await realpath(absolute)) !== absolute) continue;
      const stats = await lstat(absolute);
      if (stats.isFile()) return { file, absolute, stats };
    } catch (error) {
      if (!isNoFileError(error)) throw error;
    }
  }
  return undefined;
}
