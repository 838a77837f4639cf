import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { isErrnoException } from '../errors/describe-error.js';
import { isProcessAlive } from './is-process-alive.js';

/** A temp file `writeAtomically` names after its target: `.name.<pid>.<hex>.tmp`. */
const TEMP_NAME = /^\.(.+)\.(\d+)\.[0-9a-f]+\.tmp$/;

/** The writer's pid if `name` is a temp file of `writeAtomically` (for `target`, where given). */
function tempWriterOf(name: string, target?: string): number | undefined {
  const match = TEMP_NAME.exec(name);
  if (match === null || (target !== undefined && match[1] !== target)) return undefined;
  return Number(match[2]);
}

/** Whether a temp file's writer is gone: dead, or this very process (a temp file is never left by a live write). */
function isStale(pid: number, isAlive: (pid: number) => boolean): boolean {
  return pid === process.pid || !isAlive(pid);
}

/**
 * Removes temp files that `writeAtomically` left beside `file` when a writer
 * was killed mid-write (`.name.<pid>.<hex>.tmp`), unless their writer is still
 * alive. Run once at start-up, so crashes never pile temp files up. Returns
 * the names removed.
 */
export async function removeStaleTempFiles(
  file: string,
  isAlive: (pid: number) => boolean = isProcessAlive,
): Promise<string[]> {
  const target = basename(file);
  const entries = await readdir(dirname(file)).catch(() => []);
  const stale = entries.filter((name) => {
    const pid = tempWriterOf(name, target);
    return pid !== undefined && isStale(pid, isAlive);
  });
  await Promise.all(stale.map((name) => rm(join(dirname(file), name), { force: true })));
  return stale;
}

/**
 * Removes every temp file `writeAtomically` left anywhere under `dir`, its
 * subdirectories included, unless its writer is still alive: for directories
 * of many files a writer owns (a detail document per component, the badges),
 * whose names are not known at start-up. A missing directory is simply empty.
 * Returns the paths removed, relative to `dir`.
 */
export async function removeStaleTempFilesUnder(
  dir: string,
  isAlive: (pid: number) => boolean = isProcessAlive,
): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if (isErrnoException(error) && error.code === 'ENOENT') return [];
    throw error;
  });
  const stale = entries
    .filter((entry) => {
      const pid = entry.isFile() ? tempWriterOf(entry.name) : undefined;
      return pid !== undefined && isStale(pid, isAlive);
    })
    .map((entry) => join(entry.parentPath, entry.name));
  await Promise.all(stale.map((file) => rm(file, { force: true })));
  return stale.map((file) => relative(dir, file)).sort();
}
