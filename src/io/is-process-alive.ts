import { isErrnoException } from '../errors/describe-error.js';

/** Whether a process of this id runs on this host (signal 0: asked, not sent). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return isErrnoException(error) && error.code === 'EPERM';
  }
}
