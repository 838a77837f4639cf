import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** Debian's nginx: the local server both probers check in the probe-cost section. */
export const NGINX = '/usr/sbin/nginx';
const STARTUP_TIMEOUT_MS = 10_000;

export interface NginxTargets {
  readonly child: ChildProcess;
  readonly origin: string;
  stop(): Promise<void>;
}

/** Whether nginx is installed where the bench looks for it. */
export const hasNginx = () => existsSync(NGINX);

/** A port nobody listens on right now (asked of the kernel, then released). */
export function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject()));
    });
  });
}

/**
 * One foreground nginx on loopback answering 200 with a short body to any
 * path, so each component can have its own URL (`/component/N`) on the same
 * server. No access log: the targets should cost as little as possible.
 */
export async function startNginxTargets(dir: string): Promise<NginxTargets> {
  await mkdir(dir, { recursive: true });
  const port = await unusedPort();
  const config = join(dir, 'nginx.conf');
  await writeFile(
    config,
    `daemon off;
master_process off;
worker_rlimit_nofile 8192;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port} backlog=4096;
    default_type text/plain;
    location / { return 200 "ok\\n"; }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', config], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} (see ${dir}/error.log)`);
    const up = await fetch(`${origin}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${origin} within ${STARTUP_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    origin,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
