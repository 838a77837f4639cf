import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { foregroundNginxConfig, NGINX } from '../../test/helpers/nginx.js';
import { unusedPort } from '../../test/helpers/unused-port.js';
import { type AnsweringProcess, untilAnswering } from '../process-tools.js';

const STARTUP_TIMEOUT_MS = 10_000;

/** The local server both probers check in the probe-cost section. */
export type NginxTargets = AnsweringProcess;

/** Whether nginx is installed where the bench looks for it. */
export const hasNginx = () => existsSync(NGINX);

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
    foregroundNginxConfig(dir, {
      main: ['worker_rlimit_nofile 8192;'],
      events: ' worker_connections 4096; ',
      http: `  server {
    listen 127.0.0.1:${port} backlog=4096;
    default_type text/plain;
    location / { return 200 "ok\\n"; }
  }`,
    }),
  );
  const child = spawn(NGINX, ['-p', dir, '-c', config], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  return untilAnswering(child, origin, `${origin}/`, {
    name: 'nginx',
    timeoutMs: STARTUP_TIMEOUT_MS,
    describeExit: () => ` (see ${dir}/error.log)`,
  });
}
