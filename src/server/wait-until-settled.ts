import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileIdentity } from '../io/read-regular-file.js';
import { isNoFileError } from './find-static-file.js';
import { MAX_LOOKS, msUntilWritesShow, SETTLE_MS } from './settled-version.js';

/** What looking at a file until it holds still found: the version that did, or why there is none. */
export type Settled = { readonly identity: string } | 'unsettled' | 'missing';

/** Looks at `absolute` without following a link; undefined if there is no regular file there. */
async function lookAt(absolute: string): Promise<{ readonly stats: Stats; readonly atMs: number } | undefined> {
  const atMs = Date.now();
  const stats = await lstat(absolute).catch((error: unknown) => {
    if (isNoFileError(error)) return undefined;
    throw error;
  });
  return stats?.isFile() ? { stats, atMs } : undefined;
}

/**
 * Looks at a file until a version of it has held still for `SETTLE_MS`:
 * its ctime old enough that a write would show (`msUntilWritesShow`), and a
 * second look that much later finding the same identity. The ctime alone
 * cannot vouch for a version: while a truncation is under way the kernel
 * shows the new size with the old times, for as long as the writer is held
 * up (tens of milliseconds on a loaded machine), so a file emptied for a
 * rewrite can look as old as the version before it. At most `MAX_LOOKS`
 * tries; no file descriptor is held meanwhile. Throws only a failure of the
 * disk (EACCES).
 */
export async function waitUntilSettled(absolute: string): Promise<Settled> {
  for (let look = 0; look < MAX_LOOKS; look += 1) {
    const first = await lookAt(absolute);
    if (first === undefined) return 'missing';
    const wait = msUntilWritesShow(first.stats.ctimeMs, first.atMs);
    if (wait > 0) {
      await sleep(wait);
      continue;
    }
    await sleep(Math.max(0, first.atMs + SETTLE_MS - Date.now()));
    const second = await lookAt(absolute);
    if (second === undefined) return 'missing';
    const identity = fileIdentity(first.stats);
    if (fileIdentity(second.stats) === identity) return { identity };
  }
  return 'unsettled';
}

/**
 * `waitUntilSettled`, shared: the requests for one file while it is being
 * waited for wait for the same looks.
 */
export function createSettler(): (absolute: string) => Promise<Settled> {
  const waiting = new Map<string, Promise<Settled>>();
  return (absolute) => {
    let pending = waiting.get(absolute);
    if (pending === undefined) {
      pending = waitUntilSettled(absolute).finally(() => waiting.delete(absolute));
      waiting.set(absolute, pending);
    }
    return pending;
  };
}
