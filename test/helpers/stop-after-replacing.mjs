// Preloaded (`--import`) into a probe child by test/integration/probe-process/writer-fence.test.ts,
// a test-only hook, never part of the program: the process stops itself
// (SIGSTOP) just after its Nth replacement (`STOP_AT_REPLACE`, 1 unless set)
// of a file whose path ends with STOP_AFTER_REPLACING. Every file the probe
// publishes is replaced by a rename, so this is the moment a writer is most
// dangerous to pause: its status is out, the rest of its cycle is not.
// Plain JavaScript: it runs before the program's own modules are loaded.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const suffix = process.env.STOP_AFTER_REPLACING;
if (suffix) {
  const nth = Number(process.env.STOP_AT_REPLACE ?? 1);
  let replaced = 0;
  const after = (target) => {
    if (String(target).endsWith(suffix) && ++replaced === nth) process.kill(process.pid, 'SIGSTOP');
  };
  const { renameSync } = fs;
  const { rename } = fs.promises;
  fs.renameSync = (from, to) => {
    renameSync(from, to);
    after(to);
  };
  fs.promises.rename = async (from, to) => {
    await rename(from, to);
    after(to);
  };
  // The named exports of node:fs and node:fs/promises that the program imports follow the patched functions.
  syncBuiltinESMExports();
}
