import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { unusedPort } from './unused-port.js';

/** Debian's nginx, which the export tests run for real. */
export const NGINX = '/usr/sbin/nginx';
const STARTUP_TIMEOUT_MS = 10_000;

/** What sets one test or bench nginx apart; `foregroundNginxConfig` adds the rest. */
export interface NginxConfigParts {
  /** Main-context lines put first (`load_module …;`, `worker_rlimit_nofile …;`). */
  readonly main?: readonly string[];
  /** The `events` block's contents. */
  readonly events?: string;
  /** The `http` block's own lines (its `server` blocks), after `access_log off` and the temp paths. */
  readonly http: string;
}

/**
 * A whole nginx.conf for one foreground nginx run as the current user with
 * `-p dir`: no daemon and no master (no workers switching to a user that
 * cannot read the temp dir), its pid, error log and temp paths under `dir`
 * (an unprivileged nginx cannot use its compiled-in ones), no access log.
 */
export function foregroundNginxConfig(dir: string, { main = [], events = '', http }: NginxConfigParts): string {
  const tempPaths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
  );
  return [
    ...main,
    'daemon off;',
    'master_process off;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log;`,
    `events {${events}}`,
    'http {',
    '  access_log off;',
    ...tempPaths,
    http,
    '}',
    '',
  ].join('\n');
}

/** Resolves once nginx (`child`) accepts connections on `port`; throws if it exits or takes too long. */
async function waitForNginx(port: number, child: ChildProcess): Promise<void> {
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

/** A foreground nginx one test started, listening on loopback. */
export interface RunningNginx {
  readonly port: number;
  /** `http://127.0.0.1:<port>`, for requests and `verify`. */
  readonly origin: string;
  /** Ends nginx (SIGTERM); the test's cleanup calls it. */
  stop(): void;
}

/**
 * Debian's nginx in the foreground on a free loopback port: writes
 * `dir/nginx.conf` from the parts `partsAt` gives for that port (its
 * `listen 127.0.0.1:<port>;` is the caller's to write), starts nginx with
 * `-p dir` and resolves once it accepts connections. If it exits or does not
 * listen in time, it is stopped and the error thrown.
 */
export async function startNginx(dir: string, partsAt: (port: number) => NginxConfigParts): Promise<RunningNginx> {
  const port = await unusedPort();
  const config = join(dir, 'nginx.conf');
  await writeFile(config, foregroundNginxConfig(dir, partsAt(port)));
  const child = spawn(NGINX, ['-p', dir, '-c', config], { stdio: 'ignore' });
  const stop = () => {
    child.kill('SIGTERM');
  };
  try {
    await waitForNginx(port, child);
  } catch (error) {
    stop();
    throw error;
  }
  return { port, origin: `http://127.0.0.1:${port}`, stop };
}
