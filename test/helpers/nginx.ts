import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

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
