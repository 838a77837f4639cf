import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeTempDir } from './temp-dirs.js';

/** How long the system resolver waits for the silent name server: far longer than any test. */
const RESOLVER_TIMEOUT_S = 30;

/**
 * Runs `argv` in a private network and mount namespace (root only: `unshare`)
 * whose `/etc/resolv.conf` names a name server on the namespace's own
 * loopback that receives every query and never answers, so `getaddrinfo`
 * hangs for `RESOLVER_TIMEOUT_S` as it does behind a dead resolver. `argv[0]`
 * is the program. Nothing
 * leaves the namespace; it disappears with its last process. The returned
 * child is the wrapper; its exit code is the command's.
 */
export async function spawnWithSilentResolver(
  argv: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ child: ChildProcess; cleanup: () => Promise<void> }> {
  const { dir, remove } = await makeTempDir({ prefix: 'silent-resolver-' });
  const resolvConf = join(dir, 'resolv.conf');
  await writeFile(resolvConf, `nameserver 127.0.0.1\noptions timeout:${RESOLVER_TIMEOUT_S} attempts:1\n`);
  // The silent server binds first and then starts the command, so no query can find the port closed.
  const wrapper = [
    "const { spawn } = require('node:child_process');",
    "const server = require('node:dgram').createSocket('udp4');",
    "server.bind(53, '127.0.0.1', () => {",
    '  const [command, ...args] = process.argv.slice(1);',
    "  const child = spawn(command, args, { stdio: 'inherit' });",
    "  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));",
    "  for (const name of ['SIGTERM', 'SIGINT']) process.on(name, () => child.kill(name));",
    '});',
  ].join('\n');
  const script = 'ip link set lo up && mount --bind "$0" /etc/resolv.conf && exec "$@"';
  const child = spawn(
    'unshare',
    ['--mount', '--net', 'sh', '-c', script, resolvConf, process.execPath, '-e', wrapper, '--', ...argv],
    // Its own process group, so cleanup reaches the command too.
    { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  return {
    child,
    async cleanup() {
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // The group is already gone.
        }
      }
      if (child.exitCode === null && child.signalCode === null)
        await new Promise((resolve) => child.once('close', resolve));
      await remove();
    },
  };
}
