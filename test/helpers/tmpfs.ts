import { execFileSync } from 'node:child_process';
import { makeTempDir } from './temp-dirs.js';

/** A small tmpfs of its own: a real full disk, or a real read-only file system, for the history's failure tests. */
export interface Tmpfs {
  readonly dir: string;
  remountReadOnly(): void;
  remove(): Promise<void>;
}

/** Mounts a tmpfs of `sizeKiB`; `undefined` where mounting is not allowed (not root, or no mount namespace rights). */
export async function mountTmpfs(sizeKiB: number): Promise<Tmpfs | undefined> {
  const { dir, remove } = await makeTempDir({ prefix: 'history-tmpfs-' });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKiB}k`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    await remove();
    return undefined;
  }
  return {
    dir,
    remountReadOnly: () => execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'ignore' }),
    remove: async () => {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      await remove();
    },
  };
}

/** Whether this machine lets the tests mount a tmpfs (CI runs as root). */
export const CAN_MOUNT_TMPFS: boolean = await (async () => {
  const probe = await mountTmpfs(64);
  await probe?.remove();
  return probe !== undefined;
})();
