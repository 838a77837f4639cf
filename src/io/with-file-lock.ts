import { randomBytes } from 'node:crypto';
import { link, readFile, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { isErrnoException } from '../errors/describe-error.js';
import { InputError } from '../errors/input-error.js';
import { createExclusively } from './create-exclusively.js';
import { displayPath } from './display-path.js';
import { isProcessAlive } from './is-process-alive.js';
import { removeStaleTempFiles } from './remove-stale-temp-files.js';

/** Who holds a lock, as `withFileLock` writes it. */
const LockHolderSchema = z.object({ pid: z.number().int().positive(), host: z.string() });

/** How long an edit waits for another to finish before giving up. */
export const FILE_LOCK_WAIT_MS = 10_000;
/** A lock older than this was left by an edit that died: an edit takes milliseconds. */
export const FILE_LOCK_STALE_MS = 30_000;
/** How often a waiting edit looks again. */
const FILE_LOCK_POLL_MS = 25;

export interface FileLockOptions {
  readonly waitMs?: number;
  readonly staleMs?: number;
}

/**
 * Runs `action` while holding `FILE.lock`, so that two edits of `file` (two
 * operators at once) take turns and neither loses the other's change: the
 * lock is created atomically (a complete temp file hard-linked into place)
 * and says who holds it. A lock left by an edit that died is set aside: at
 * once when its holder is a process of this host no longer running (with
 * the temp file such a process may have left), else once it is older than
 * `staleMs`; after `waitMs` of waiting for a live one, throws `InputError`
 * naming the holder.
 */
export async function withFileLock<T>(
  file: string,
  action: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const { waitMs = FILE_LOCK_WAIT_MS, staleMs = FILE_LOCK_STALE_MS } = options;
  const lock = `${file}.lock`;
  const ours = `${JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() })}\n`;
  const deadline = performance.now() + waitMs;
  await removeStaleTempFiles(lock);
  while (!(await createExclusively(lock, ours))) {
    const held = await readLock(lock);
    if (held !== undefined && (Date.now() - held.modifiedMs > staleMs || isGoneFromThisHost(held.text))) {
      await setAsideIfUnchanged(lock, held.text);
      continue;
    }
    if (performance.now() > deadline) {
      throw new InputError(displayPath(file), [
        { path: '', reason: `is being edited (${displayPath(lock)}: ${held?.text.trim() ?? 'gone'}); try again` },
      ]);
    }
    await sleep(FILE_LOCK_POLL_MS);
  }
  try {
    return await action();
  } finally {
    if ((await readFile(lock, 'utf8').catch(() => undefined)) === ours) await rm(lock, { force: true });
  }
}

/** Whether a lock's text names a process of this host that is no longer running. */
function isGoneFromThisHost(text: string): boolean {
  let holder: unknown;
  try {
    holder = JSON.parse(text);
  } catch {
    return false;
  }
  const parsed = LockHolderSchema.safeParse(holder);
  return parsed.success && parsed.data.host === hostname() && !isProcessAlive(parsed.data.pid);
}

async function readLock(lock: string): Promise<{ text: string; modifiedMs: number } | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(lock, 'utf8'), stat(lock)]);
    return { text, modifiedMs: info.mtimeMs };
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Removes a stale lock only if it still holds what was judged stale: of two edits taking it over, one does. */
async function setAsideIfUnchanged(lock: string, judged: string): Promise<void> {
  const aside = `${lock}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    await rename(lock, aside);
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return;
    throw error;
  }
  try {
    if ((await readFile(aside, 'utf8')) !== judged) {
      await link(aside, lock).catch((error: unknown) => {
        if (!(isErrnoException(error) && error.code === 'EEXIST')) throw error;
      });
    }
  } finally {
    await rm(aside, { force: true });
  }
}
