import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A small tmpfs of its own: a real full disk, or a real read-only file system, for the history's failure tests. */
export interface Tmpfs {
  readonly dir: string;
  remountReadOnly(): void;
  remove(): void;
}

/** Mounts a tmpfs of `sizeKiB`; `undefined` where mounting is not allowed (not root, or no mount namespace rights). */
export function mountTmpfs(sizeKiB: number): Tmpfs | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'history-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKiB}k`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    remountReadOnly: () => execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'ignore' }),
    remove: () => {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether this machine lets the tests mount a tmpfs (CI runs as root). */
export const CAN_MOUNT_TMPFS: boolean = (() => {
  const probe = mountTmpfs(64);
  probe?.remove();
  return probe !== undefined;
})();
