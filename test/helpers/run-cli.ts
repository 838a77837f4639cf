import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './temp-site.js';

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The compiled CLI, as production runs it: it starts in half the time and
 * CPU of the sources through tsx, which counts with dozens of runs per file.
 * vitest's global setup (compile-cli.ts) compiles dist/ when src/ is newer.
 */
export const CLI_ENTRY = join(REPO_ROOT, 'dist', 'src', 'cli', 'main.js');
/** tsx's loader by absolute URL, for the TypeScript fixtures and preloads tests run in children. */
export const TSX_LOADER = pathToFileURL(join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** The argv that runs the compiled CLI in a child process. */
export function cliArgv(args: readonly string[]): string[] {
  return [CLI_ENTRY, ...args];
}

/** What a finished child printed, and how it ended (`signal` set when a signal killed it). */
export interface ProcessResult extends CliResult {
  readonly signal: NodeJS.Signals | null;
}

/**
 * Runs `command` with `args` in a child process and collects its output.
 * With `timeoutMs`, a child still running then is killed (exit code `null`).
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs, killSignal: 'SIGKILL' as const }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/**
 * Runs the real (compiled) CLI in a child process and collects its output.
 * With `timeoutMs`, a child still running then is killed (exit code `null`),
 * so a command expected to fail that starts serving instead fails the test.
 */
export async function runCli(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<CliResult> {
  const { code, stdout, stderr } = await runProcess(process.execPath, cliArgv(args), options);
  return { code, stdout, stderr };
}

/** A long-running CLI child process whose output can be awaited. */
export interface CliProcess {
  readonly child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in stdout+stderr. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code once the process has ended. */
  exited(): Promise<number | null>;
}

/**
 * Starts the CLI as a long-running child. `wrapper` runs it through a command
 * that execs it (such as `prlimit --nofile=256`), so the pid is still the CLI's.
 */
export function startCli(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; wrapper?: readonly string[] },
): CliProcess {
  const [command, ...prefix] = [...(options.wrapper ?? []), process.execPath];
  const child = spawn(command as string, [...prefix, ...cliArgv(args)], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchChild(child);
}

/**
 * Follows the output of a child process started some other way, as `startCli`
 * does. `label` says whose output a timeout message shows; `defaultTimeoutMs`
 * is how long `waitForOutput` waits unless told.
 */
export function watchChild(
  child: ChildProcess,
  { label = 'in output', defaultTimeoutMs = 10_000 }: { label?: string; defaultTimeoutMs?: number } = {},
): CliProcess {
  let text = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    child,
    output: () => text,
    exited: () => exit,
    waitForOutput(pattern, timeoutMs = defaultTimeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = text.match(pattern);
          if (!match) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(match);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${pattern} ${label} within ${timeoutMs} ms:\n${text}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}
