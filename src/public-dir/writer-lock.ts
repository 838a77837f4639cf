import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { isErrnoException } from '../errors/describe-error.js';
import { judgeFreshness } from '../freshness/judge-freshness.js';
import { createExclusively } from '../io/create-exclusively.js';
import { displayPath } from '../io/display-path.js';
import { isProcessAlive } from '../io/is-process-alive.js';
import type { WriteFence } from '../io/write-fence.js';
import type { LineLog } from '../log/line-log.js';
import { formatTimestamp, TimestampSchema } from '../schemas/service-status.js';
import { type LockHolder, ProbeLockedError } from './probe-locked-error.js';

/** The lock's name inside the state directory. */
export const LOCK_FILE_NAME = 'probe.lock';
/** How often a holder touches its lock, so that a lock left by a vanished host can be recognised. */
export const LOCK_REFRESH_MS = 10_000;
/** A lock not touched for this long is abandoned, whoever wrote it: six refreshes missed. */
export const LOCK_STALE_MS = 6 * LOCK_REFRESH_MS;

/** The lock file: who holds it. Its modification time is the holder's heartbeat. */
export const LockHolderSchema = z.strictObject({
  pid: z.number().int().positive(),
  host: z.string().min(1),
  since: TimestampSchema,
});

export interface WriterLock extends WriteFence {
  readonly file: string;
  /**
   * Whether this process may still write, from memory, without I/O (the
   * `WriteFence` asked before each file is replaced): a heartbeat found the
   * lock file still ours, touched it and found it ours again, within half
   * the time after which another would take it over (on the monotonic
   * clock), and nothing since found it another's. Self-fencing: a writer
   * paused or cut off from a shared volume stops before a standby may take
   * over, never after; a lock once found another's is never held again.
   */
  holds(): boolean;
  /**
   * `holds`, and the lock file read now is still ours: asked before every
   * cycle, and before each webhook attempt. A lock file that cannot be read
   * (out of descriptors, EMFILE) is an I/O error, not a lost lease: the
   * answer is then `holds`, from memory.
   */
  stillHeld(): Promise<boolean>;
  /** Whether the lock was found naming another holder, or removed: lost for good, unlike a lease not confirmed lately. */
  lost(): boolean;
  /** Stops the heartbeat and removes the lock, if it is still ours. */
  release(): Promise<void>;
}

/** The writer lock as the probe's writers ask it: from memory before each write, by reading it before each cycle. */
export type WriterLease = Pick<WriterLock, 'holds' | 'stillHeld'>;

export interface LockOptions {
  /** The probe's state directory: the lock lives there, next to the memory it protects. */
  readonly stateDir: string;
  readonly log: LineLog;
  readonly now?: (() => Date) | undefined;
  readonly host?: string;
  readonly pid?: number;
  /** Whether a process of this host is running; `kill(pid, 0)` by default. */
  readonly isRunning?: (pid: number) => boolean;
  /** How long a lock goes untouched before it is abandoned; `LOCK_STALE_MS` unless given. Its holder touches it six times as often. */
  readonly staleMs?: number | undefined;
}

/**
 * Takes the single-writer lock of a state directory, so that two probes
 * (two sidecars, or a sidecar and a `--once`) never interleave their writes.
 * The lock file is created atomically (a complete temp file hard-linked into
 * place) and says who holds it; the holder touches it every
 * `LOCK_REFRESH_MS` (the timer does not keep the process alive). An existing
 * lock is taken over, with a log line, when its holder is gone: a process of
 * this host that is not running (or that has this process's own pid: a
 * restarted container), or a lock from anywhere not touched for
 * `LOCK_STALE_MS`. Otherwise throws `ProbeLockedError` naming the holder.
 */
export async function acquireWriterLock(options: LockOptions): Promise<WriterLock> {
  const { stateDir, log } = options;
  const now = options.now ?? (() => new Date());
  const host = options.host ?? hostname();
  const pid = options.pid ?? process.pid;
  const isRunning = options.isRunning ?? isProcessAlive;
  const file = join(stateDir, LOCK_FILE_NAME);
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
  const ours: LockHolder = { pid, host, since: formatTimestamp(now()) };
  const contents = `${JSON.stringify(ours)}\n`;

  await mkdir(stateDir, { recursive: true });
  // One retry: after taking over an abandoned lock, another starter may have beaten us to it.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (await createExclusively(file, contents)) return holdLock(file, contents, staleMs);
    const found = await readHolder(file);
    if (found === undefined) continue;
    const abandoned = judgeAbandoned(found, { host, pid, isRunning, now: now(), staleMs });
    if (abandoned === undefined) {
      throw new ProbeLockedError(
        `another probe is writing here: pid ${found.holder.pid} on ${found.holder.host} since ${found.holder.since} ` +
          `(${displayPath(file)}); stop it first, or remove the lock file if that process is gone`,
        found.holder,
      );
    }
    if (!(await setAsideIfUnchanged(file, found.text))) continue;
    log.info(
      `took over ${displayPath(file)} from pid ${found.holder.pid} on ${found.holder.host} (since ${found.holder.since}), ${abandoned}`,
    );
  }
  throw new ProbeLockedError(`another probe took ${displayPath(file)} at the same moment; try again`, undefined);
}

/**
 * Removes the abandoned lock `file` if it still holds `judged`, and says
 * whether it did. It is renamed aside first, atomically: of two starters
 * taking over the same lock, the later one's rename may catch the lock the
 * earlier one just made, and then puts it back instead of deleting it.
 */
async function setAsideIfUnchanged(file: string, judged: string): Promise<boolean> {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.abandoned`;
  try {
    await rename(file, aside);
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return false;
    throw error;
  }
  try {
    if ((await readFile(aside, 'utf8')) === judged) return true;
    // Someone else's fresh lock: back in place, unless yet another starter has made one meanwhile.
    await link(aside, file).catch((error: unknown) => {
      if (!(isErrnoException(error) && error.code === 'EEXIST')) throw error;
    });
    return false;
  } finally {
    await rm(aside, { force: true });
  }
}

/** The holder and heartbeat of an existing lock; `undefined` if it vanished meanwhile. */
async function readHolder(file: string): Promise<{ holder: LockHolder; touchedAt: Date; text: string } | undefined> {
  let text: string;
  let touchedAt: Date;
  try {
    [text, touchedAt] = await Promise.all([readFile(file, 'utf8'), stat(file).then((info) => info.mtime)]);
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const holder = LockHolderSchema.safeParse(parsed);
  if (!holder.success) {
    throw new ProbeLockedError(
      `${displayPath(file)}: not a lock file this probe wrote; remove it if no other probe is running`,
      undefined,
    );
  }
  return { holder: holder.data, touchedAt, text };
}

/** Why a lock's holder is gone, or `undefined` when it may still be writing. */
function judgeAbandoned(
  { holder, touchedAt }: { holder: LockHolder; touchedAt: Date },
  here: { host: string; pid: number; isRunning: (pid: number) => boolean; now: Date; staleMs: number },
): string | undefined {
  if (holder.host === here.host) {
    if (holder.pid === here.pid) return 'which had this process id: left by an earlier run';
    if (!here.isRunning(holder.pid)) return 'which is no longer running';
  }
  const heartbeat = judgeFreshness(touchedAt, here.now, here.staleMs);
  if (heartbeat.kind === 'stale') return `not refreshed for ${Math.round(heartbeat.ageMs / 1000)} s`;
  return undefined;
}

function holdLock(file: string, contents: string, staleMs: number): WriterLock {
  // On the monotonic clock: a wall-clock step must not make a lease look younger than it is. A touch counts
  // from when it began, and only once the file is found ours after it: a writer resumed after a takeover
  // must not credit itself with a touch of its successor's lock.
  let confirmedAtMs = performance.now();
  let lost = false;
  let touching = false;
  /** The lock file's contents, `undefined` if it cannot be read now; a lock removed reads as `''`. */
  const read = () =>
    readFile(file, 'utf8').catch((error: unknown) =>
      isErrnoException(error) && error.code === 'ENOENT' ? '' : undefined,
    );
  /** Whether the lock is ours by what was read; a lock another's (or removed) is lost for good. */
  const ours = (found: string | undefined): boolean => {
    if (found !== undefined && found !== contents) lost = true;
    return found === contents && !lost;
  };
  const heartbeat = setInterval(
    () => {
      if (touching || lost) return;
      touching = true;
      const beganMs = performance.now();
      const touch = async () => {
        // Never touch another's lock: that would keep a lease alive that is not ours to keep.
        if (!ours(await read())) return;
        const at = new Date();
        await utimes(file, at, at);
        if (ours(await read())) confirmedAtMs = Math.max(confirmedAtMs, beganMs);
      };
      touch()
        .catch(() => {
          // A lock that cannot be touched will look abandoned later; `holds` says so first.
        })
        .finally(() => {
          touching = false;
        });
    },
    Math.round((staleMs * LOCK_REFRESH_MS) / LOCK_STALE_MS),
  );
  heartbeat.unref();
  const holds = () => !lost && performance.now() - confirmedAtMs < staleMs / 2;
  return {
    file,
    holds,
    async stillHeld() {
      // Read even when not holding from memory: a writer resumed after a takeover learns at once that it is lost.
      const found = await read();
      return (found === undefined || ours(found)) && holds();
    },
    lost: () => lost,
    async release() {
      clearInterval(heartbeat);
      const current = await readFile(file, 'utf8').catch(() => undefined);
      if (current === contents) await rm(file, { force: true });
    },
  };
}
