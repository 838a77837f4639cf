import { dirname } from 'node:path';
import { displayPath, isErrnoException } from '../io/read-document.js';
import { type CycleReport, createProber, type ProberOptions } from './create-prober.js';
import { CONSOLE_PROBE_LOG } from './probe-log.js';
import { acquireWriterLock, type WriterLock } from './writer-lock.js';

/**
 * One cycle under the state directory's writer lock, released when it is
 * done: `probe --once`. Throws `InputError` for a state file inside the
 * served directory and `ProbeLockedError` when another probe holds the lock,
 * both before anything is written. A lock that cannot be written (disk
 * full, read-only) is a failed write: logged, nothing published.
 */
export async function probeOnce(options: ProberOptions): Promise<CycleReport> {
  const log = options.log ?? CONSOLE_PROBE_LOG;
  const prober = createProber({ ...options, log });
  const stateDir = dirname(options.stateFile);
  let lock: WriterLock;
  try {
    lock = await acquireWriterLock({ stateDir, log });
  } catch (error) {
    if (!isErrnoException(error)) throw error;
    log.error(
      `could not take the writer lock in ${displayPath(stateDir)}: ${error.code} (${error.message}); nothing written`,
    );
    prober.close();
    return { published: false, why: 'write_failed' };
  }
  try {
    return await prober.runCycle();
  } finally {
    prober.close();
    await lock.release();
  }
}
