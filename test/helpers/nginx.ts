import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

/** Debian's nginx, which the export tests run for real. */
export const NGINX = '/usr/sbin/nginx';
const STARTUP_TIMEOUT_MS = 10_000;

/**
 * The `http` block's temp paths under `dir`: an unprivileged nginx cannot use
 * its compiled-in ones, so every test config that runs it gives these.
 */
export function nginxTempPaths(dir: string): string {
  return ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${dir}/${kind};`)
    .join('\n');
}

/** Resolves once nginx (`child`) accepts connections on `port`; throws if it exits or takes too long. */
export async function waitForNginx(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port} within ${STARTUP_TIMEOUT_MS} ms`);
}
