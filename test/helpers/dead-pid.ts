import { spawn } from 'node:child_process';

/** The pid of a process that has already exited: a lock or temp file's holder that is gone. */
export async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}
