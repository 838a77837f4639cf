import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isErrnoException } from './read-document.js';

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
  const prefix = `.${basename(file)}.`;
  const entries = await readdir(dirname(file)).catch(() => []);
  const stale = entries.filter((name) => {
    const match = name.startsWith(prefix) ? /^(\d+)\.[0-9a-f]+\.tmp$/.exec(name.slice(prefix.length)) : null;
    return match !== null && (Number(match[1]) === process.pid || !isAlive(Number(match[1])));
  });
  await Promise.all(stale.map((name) => rm(join(dirname(file), name), { force: true })));
  return stale;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return isErrnoException(error) && error.code === 'EPERM';
  }
}
