import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { type CliProcess, watchChild } from './run-cli.js';
import { waitFor } from './test-server.js';
import { unusedPort } from './unused-port.js';

const READY_TIMEOUT_MS = 15_000;

/**
 * Starts one of Debian's Prometheus servers (`prometheus`,
 * `prometheus-alertmanager`) with `args`, its output followed. The child
 * goes into `children` at once, for the test's cleanup to kill even if it
 * never gets ready; resolves once `origin`'s `/-/ready` answers 200.
 */
export async function startUntilReady(
  command: string,
  args: readonly string[],
  origin: string,
  children: CliProcess[],
): Promise<CliProcess> {
  const child = watchChild(spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] }), { label: `in ${command}` });
  children.push(child);
  await waitFor(async () => {
    const answer = await request(`${origin}/-/ready`).catch(() => undefined);
    await answer?.body.dump();
    return answer?.statusCode === 200;
  }, READY_TIMEOUT_MS);
  return child;
}

/**
 * A real Prometheus on a free loopback port, warnings-only logging:
 * `config` (the lines of its prometheus.yml) is written to
 * `dir/prometheus.yml` and its TSDB kept in `dir/prometheus-data`. The child
 * goes into `children`; resolves with its origin once it is ready.
 */
export async function startPrometheus(dir: string, config: readonly string[], children: CliProcess[]): Promise<string> {
  const port = await unusedPort();
  const origin = `http://127.0.0.1:${port}`;
  await writeFile(join(dir, 'prometheus.yml'), [...config, ''].join('\n'));
  const args = [
    `--config.file=${join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${join(dir, 'prometheus-data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--log.level=warn',
  ];
  await startUntilReady('prometheus', args, origin, children);
  return origin;
}
