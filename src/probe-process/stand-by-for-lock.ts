import { createConditionLog } from '../log/condition-log.js';
import type { ProbeLog } from '../log/probe-log.js';
import { ProbeLockedError } from '../public-dir/probe-locked-error.js';
import {
  acquireWriterLock,
  LOCK_REFRESH_MS,
  LOCK_STALE_MS,
  type LockOptions,
  type WriterLock,
} from '../public-dir/writer-lock.js';

export interface StandbyOptions extends LockOptions {
  readonly log: ProbeLog;
  /** Ends the wait (shutdown); resolves `undefined` then. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * A standby probe: waits until the writer lock of a shared state directory
 * is free or abandoned (its holder's heartbeat older than `staleMs`, as
 * `acquireWriterLock` judges), then takes it. It looks as often as the
 * holder touches the lock, so a takeover comes at most one look after the
 * lease ran out. Logged once when it starts standing by (naming the writer),
 * when the writer changes, and when it takes over.
 */
export async function standByForLock(options: StandbyOptions): Promise<WriterLock | undefined> {
  const { log, signal } = options;
  const lookMs = Math.round(((options.staleMs ?? LOCK_STALE_MS) * LOCK_REFRESH_MS) / LOCK_STALE_MS);
  const standing = createConditionLog({ log, now: options.now });
  while (!signal?.aborted) {
    try {
      const lock = await acquireWriterLock(options);
      standing.clear('standby: the writer is gone; this probe is the writer now');
      return lock;
    } catch (error) {
      if (!(error instanceof ProbeLockedError)) throw error;
      const { holder } = error;
      standing.holds(
        holder === undefined ? 'unknown' : `${holder.host}:${holder.pid}`,
        holder === undefined
          ? `standby: ${error.message}`
          : `standby: pid ${holder.pid} on ${holder.host} is the writer (since ${holder.since}); waiting to take over if it stops`,
      );
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, lookMs);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  return undefined;
}
