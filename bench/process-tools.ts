import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const REPO_ROOT = new URL('../', import.meta.url).pathname;
export const TSX_LOADER = pathToFileURL(join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
export const CLI = join(REPO_ROOT, 'dist', 'src', 'cli', 'main.js');

/** Whether `command` is on PATH. */
export function hasCommand(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins a command to one CPU with taskset where there is more than one, so load generator and server do not share. */
export function pinned(cpu: number, command: string, args: string[]): [string, string[]] {
  return hasCommand('taskset') ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];
}

export interface Started {
  readonly child: ChildProcess;
  /** What followed `listening on` (a URL, or a JSON list for the stand-ins). */
  readonly url: string;
  /** The whole `listening on …` line. */
  readonly line: string;
  stop(): Promise<void>;
}

/** Starts a server process and waits for its `listening on URL` line. */
export function startServerProcess(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Started> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (\S+)\n/.exec(output);
      if (!match?.[1]) return;
      child.stdout?.off('data', onData);
      resolve({
        child,
        url: match[1],
        line: match[0],
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}:\n${output}`)));
  });
}

/**
 * `serve` of `publicDir` with `headersFile` and no probe config (one that is
 * not there, beside `publicDir`), on a free port: the compiled CLI at `cli`
 * (this checkout's unless given) run with `nodeFlags` before it.
 */
export function startServe(
  publicDir: string,
  headersFile: string,
  { nodeFlags = [], cli = CLI }: { readonly nodeFlags?: readonly string[]; readonly cli?: string } = {},
): Promise<Started> {
  return startServerProcess(
    process.execPath,
    [
      ...nodeFlags,
      cli,
      'serve',
      '--public',
      publicDir,
      '--headers',
      headersFile,
      '--config',
      join(publicDir, '..', 'no-config.json'),
    ],
    { PORT: '0' },
  );
}

/** A child process that answers HTTP, and how to stop it. */
export interface AnsweringProcess {
  readonly child: ChildProcess;
  readonly origin: string;
  stop(): Promise<void>;
}

/**
 * Waits until `child` answers `probeUrl` with a 2xx, then hands it back with
 * a `stop` that ends it; throws if it exits first (with `describeExit`'s
 * words) or takes longer than `timeoutMs`.
 */
export async function untilAnswering(
  child: ChildProcess,
  origin: string,
  probeUrl: string,
  { name, timeoutMs, describeExit = () => '' }: { name: string; timeoutMs: number; describeExit?: () => string },
): Promise<AnsweringProcess> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}${describeExit()}`);
    const up = await fetch(probeUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`${name} did not answer on ${origin} within ${timeoutMs} ms`);
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

/** Ends `child` with SIGTERM and waits for it to exit; at once if it already has. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Counts the `cycle done` lines a probe sidecar logs on its stdout: how many cycles it has run so far. */
export function countCycles(sidecar: ChildProcess): () => number {
  let cycles = 0;
  let pending = '';
  sidecar.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    cycles += lines.filter((line) => line.includes('cycle done')).length;
  });
  return () => cycles;
}

/** Resident set size of a process in bytes, from /proc. */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) * 1024 : Number.NaN;
}

/** A process's resident memory from /proc, bytes: all of it, anonymous (heap, stacks) and file-backed (the node binary, libraries). */
export interface ResidentMemory {
  readonly rss: number;
  readonly anon: number;
  readonly file: number;
}

/** Resident memory of a process, split as /proc/PID/status splits it. */
export function residentMemoryOf(pid: number): ResidentMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return match?.[1] ? Number(match[1]) * 1024 : Number.NaN;
  };
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
