import { dirname } from 'node:path';
import { describeIoError, isErrnoException } from '../errors/describe-error.js';
import { displayPath } from '../io/display-path.js';
import { CONSOLE_PROBE_LOG } from '../log/probe-log.js';
import { acquireWriterLock, type WriterLock } from '../public-dir/writer-lock.js';
import { type CycleReport, createProber, type ProberOptions } from './create-prober.js';
import { checkProberLocations } from './probe-state-file.js';

/** `--once` gives queued webhooks this long after the cycle; what is not accepted by then waits for the next run. */
export const ONCE_DELIVERY_BOUND_MS = 5_000;

export interface ProbeOnceOptions extends ProberOptions {
  /** How long another probe's lock goes untouched before this one takes it over; `LOCK_STALE_MS` unless given. */
  readonly lockStaleMs?: number | undefined;
}

/**
 * One cycle for cron (`probe --once`), under the state directory's writer
 * lock, released when it is done: probe and publish, then one attempt at each
 * webhook delivery that is due, within `ONCE_DELIVERY_BOUND_MS` in all; the
 * rest stays in the queue file for the next run. Throws `InputError` for a
 * state file inside the served directory and `ProbeLockedError` when another
 * probe holds the lock, both before anything is written. A lock that cannot
 * be written (disk full, read-only) is a failed write: logged, nothing
 * published.
 */
export async function probeOnce({ lockStaleMs, ...options }: ProbeOnceOptions): Promise<CycleReport> {
  const log = options.log ?? CONSOLE_PROBE_LOG;
  const { subscriptions } = options;
  checkProberLocations(options.publicDir.dir, options.stateFile, options.historyFile);
  const stateDir = dirname(options.stateFile);
  let lock: WriterLock;
  try {
    lock = await acquireWriterLock({ stateDir, log, staleMs: lockStaleMs });
  } catch (error) {
    options.publicDir.close();
    if (!isErrnoException(error)) throw error;
    log.error(`could not take the writer lock in ${displayPath(stateDir)}: ${describeIoError(error)}; nothing written`);
    return { published: false, why: 'write_failed' };
  }
  // A run paused past the lock's lease (a frozen VM, a volume that hung) writes nothing once resumed, as a sidecar.
  const prober = createProber({ ...options, log, lease: lock });
  try {
    const report = await prober.runCycle();
    if (subscriptions !== undefined) {
      await subscriptions.deliverer.deliverDueOnce(ONCE_DELIVERY_BOUND_MS);
      await subscriptions.deliverer.stop();
    }
    return report;
  } finally {
    prober.close();
    await lock.release();
  }
}
