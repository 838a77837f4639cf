/**
 * The sidecar's own listeners under idle connections: the push listener
 * (plain, and HTTPS with `--push-cert`) and the metrics listener, each
 * offered `connections` idle connections from many loopback addresses
 * (25 per address) while the sidecar publishes every second under a
 * descriptor limit below that number (`ulimit -n`). Measured from /proc:
 * the sidecar's resident memory and open descriptors before, at their peak
 * and after the connections are gone; whether it stayed the writer and kept
 * publishing; whether a job's push got through meanwhile.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as netConnect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { type Standin, startStandin } from '../../src/standins/start-standin.js';
import { CLI, REPO_ROOT } from '../process-tools.js';

const TOKEN = 'bench-idle-connections-token-0123456789';
const CONNECTIONS_PER_ADDRESS = 25;

export type ListenerKind = 'push' | 'push-tls' | 'metrics';

export interface IdleConnectionsResult {
  readonly listener: ListenerKind;
  readonly offered: number;
  /** Connections the client side held open once all were offered (the rest closed by the listener, or never opened). */
  readonly heldOpen: number;
  readonly fdLimit: number;
  readonly rssBeforeMb: number;
  readonly rssPeakMb: number;
  readonly rssAfterMb: number;
  readonly fdsBefore: number;
  readonly fdsPeak: number;
  readonly fdsAfter: number;
  /** Seconds until the listener had closed every connection still open. */
  readonly closedWithinS: number | undefined;
  /** Status versions published while the connections were held and after. */
  readonly publishedDuring: number;
  readonly stillWriter: boolean;
  /** A job's push (from its own address) while the connections were held. */
  readonly pushStatus: number | string;
  /** When the sidecar exited meanwhile: its last line about the writer lock or descriptors. */
  readonly exitLine: string | undefined;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1];
  return Number(line ?? 0) / 1024;
}

function openFds(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return 0;
  }
}

/** Resolves once `pattern` is in the child's output. */
function waitForOutput(child: ChildProcess, output: () => string, pattern: RegExp, timeoutMs = 30_000) {
  return new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = pattern.exec(output());
      if (match !== null) {
        clearInterval(timer);
        resolve(match);
      } else if (child.exitCode !== null || performance.now() > deadline) {
        clearInterval(timer);
        reject(new Error(`no ${pattern} in:\n${output()}`));
      }
    }, 50);
    const deadline = performance.now() + timeoutMs;
  });
}

/** A self-signed certificate and key for 127.0.0.1 in `dir`, as `--push-cert` and `--push-key`. */
function selfSignedPushArgs(dir: string): string[] {
  const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  const subject = ['-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', ...subject], {
    stdio: 'ignore',
  });
  return ['--push-cert', cert, '--push-key', key];
}

/** Opens `count` idle connections to `port`, 25 from each of as many loopback addresses; TLS ones finish their handshake. */
async function offerConnections(port: number, count: number, tls: boolean): Promise<Socket[]> {
  const sockets: Socket[] = [];
  const batch = 250;
  for (let start = 0; start < count; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, offset) => {
        const index = start + offset;
        const address = Math.floor(index / CONNECTIONS_PER_ADDRESS) + 2;
        const localAddress = `127.1.${address >> 8}.${address & 255}`;
        return new Promise<void>((resolve) => {
          const tcp = netConnect({ host: '127.0.0.1', port, localAddress }, () => {
            if (!tls) resolve();
          });
          const socket: Socket = tls
            ? tlsConnect({ socket: tcp, servername: 'localhost', rejectUnauthorized: false }, () => resolve())
            : tcp;
          tcp.on('error', () => resolve());
          socket.on('error', () => resolve());
          socket.on('close', () => resolve());
          sockets.push(socket);
        });
      }),
    );
  }
  return sockets;
}

function push(url: string, tls: boolean): Promise<number | string> {
  return new Promise((resolve) => {
    const send = tls ? httpsRequest : httpRequest;
    const sent = send(`${url}bench-job`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      localAddress: '127.0.0.1',
      rejectUnauthorized: false,
      agent: false,
      timeout: 10_000,
    });
    sent.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on('timeout', () => sent.destroy(new Error('timeout')));
    sent.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
    sent.end();
  });
}

/**
 * One round: a sidecar (the CLI at `cli`) with a push listener and a
 * metrics listener, `connections` idle ones offered to `listener`.
 */
export async function measureIdleConnections(
  listener: ListenerKind,
  { connections = 10_000, fdLimit = 8_192, cli = CLI }: { connections?: number; fdLimit?: number; cli?: string } = {},
): Promise<IdleConnectionsResult> {
  const root = await mkdtemp(join(tmpdir(), 'bench-idle-'));
  const standin: Standin = await startStandin({ name: 'idle bench', port: 0 });
  let child: ChildProcess | undefined;
  const sockets: Socket[] = [];
  try {
    await mkdir(join(root, 'public'), { recursive: true });
    const config = join(root, 'components.json');
    await writeFile(
      config,
      JSON.stringify({
        region: 'ams1',
        schedule: '* * * * * *',
        components: [
          { name: 'Scheduler', url: `${standin.origin}/` },
          { name: 'Bench Job', heartbeat: { every_seconds: 3600, grace_seconds: 60, token_env: 'BENCH_JOB_TOKEN' } },
        ],
      }),
    );
    const tls = listener === 'push-tls';
    const args = [
      ...[cli, 'probe', '--config', config, '--out', join(root, 'public')],
      ...['--regions', join(REPO_ROOT, 'data', 'regions.json'), '--state', join(root, 'state', 'probe-state.json')],
      ...['--push-port', '0', '--metrics-port', '0'],
      ...(tls ? selfSignedPushArgs(root) : []),
    ];
    const quoted = [process.execPath, ...args].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
    let output = '';
    child = spawn('sh', ['-c', `ulimit -n ${fdLimit} && exec ${quoted}`], {
      env: { ...process.env, BENCH_JOB_TOKEN: TOKEN, REGION: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const pid = child.pid ?? 0;
    const pushUrl = (await waitForOutput(child, () => output, /heartbeat pushes on (\S+)SLUG/))[1] ?? '';
    const metricsUrl = (await waitForOutput(child, () => output, /metrics on (\S+)/))[1] ?? '';
    const statusFile = join(root, 'public', 'api', 'v1', 'status');
    await waitForOutput(child, () => output, /wrote .*status/);
    const port = Number(new URL(listener === 'metrics' ? metricsUrl : pushUrl).port);

    const rssBeforeMb = rssMb(pid);
    const fdsBefore = openFds(pid);
    let rssPeakMb = rssBeforeMb;
    let fdsPeak = fdsBefore;
    const versions = new Set<number>();
    const sample = setInterval(() => {
      if (child?.exitCode !== null) return;
      rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
      fdsPeak = Math.max(fdsPeak, openFds(pid));
      stat(statusFile).then(
        (info) => versions.add(info.mtimeMs),
        () => {},
      );
    }, 100);
    try {
      sockets.push(...(await offerConnections(port, connections, tls)));
      const heldOpen = sockets.filter((socket) => !socket.destroyed && !socket.closed).length;
      const pushStatus = child.exitCode === null ? await push(pushUrl, tls) : 'sidecar gone';
      const closedStart = performance.now();
      let closedWithinS: number | undefined;
      while (performance.now() - closedStart < 60_000 && child.exitCode === null) {
        if (sockets.every((socket) => socket.destroyed || socket.closed)) {
          closedWithinS = (performance.now() - closedStart) / 1000;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      for (const socket of sockets) socket.destroy();
      // Ten seconds after: what stays of the memory, and the sidecar still publishing.
      versions.clear();
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      const alive = child.exitCode === null;
      const lock = await readFile(join(root, 'state', 'probe.lock'), 'utf8').catch(() => '');
      return {
        listener,
        offered: connections,
        heldOpen,
        fdLimit,
        rssBeforeMb,
        rssPeakMb,
        rssAfterMb: alive ? rssMb(pid) : Number.NaN,
        fdsBefore,
        fdsPeak,
        fdsAfter: alive ? openFds(pid) : Number.NaN,
        closedWithinS,
        publishedDuring: versions.size,
        stillWriter: alive && lock.includes(`"pid":${pid}`) && !/lost the writer lock/.test(output),
        pushStatus,
        exitLine: alive ? undefined : output.split('\n').findLast((line) => /writer lock|EMFILE/.test(line)),
      };
    } finally {
      clearInterval(sample);
    }
  } finally {
    for (const socket of sockets) socket.destroy();
    if (child !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await standin.close();
    await rm(root, { recursive: true, force: true });
  }
}
