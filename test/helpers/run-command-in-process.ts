import { runCommand } from '../../src/cli/run-command.js';
import type { CliResult } from './run-cli.js';

/** The commands a test may run in process, by the name the CLI gives them; each loaded when first run, as dispatch loads it. */
const COMMANDS = {
  build: async () => (await import('../../src/cli/commands/build.js')).build,
  probe: async () => (await import('../../src/cli/commands/probe.js')).probe,
  serve: async () => (await import('../../src/cli/commands/serve.js')).serve,
} as const;
export type InProcessCommand = keyof typeof COMMANDS;

/**
 * Runs a command's own function in this process as `dispatch.ts` runs it
 * (`runCommand`: an input error printed as its message, exit status 1), in
 * `cwd` with `env` over the environment, and returns what it printed and its
 * exit status. For the many cases of one command whose child process would
 * add only its start-up (a fifth of a second of CPU each); a few cases per
 * command still run the real CLI. The working directory, the environment,
 * `console` and `process.exitCode` are the process's: calls must not overlap
 * (no `concurrent`), and each is restored afterwards. A command that has not
 * ended within `timeoutMs` (a `serve` that wrongly started) fails the call.
 */
export async function runCommandInProcess(
  command: InProcessCommand,
  args: readonly string[],
  options: { readonly cwd: string; readonly env?: NodeJS.ProcessEnv; readonly timeoutMs?: number },
): Promise<CliResult> {
  const saved = {
    cwd: process.cwd(),
    exitCode: process.exitCode,
    log: console.log,
    error: console.error,
    env: Object.fromEntries(Object.keys(options.env ?? {}).map((name) => [name, process.env[name]])),
  };
  let stdout = '';
  let stderr = '';
  const print = (...values: unknown[]) => values.map((value) => String(value)).join(' ');
  console.log = (...values: unknown[]) => {
    stdout += `${print(...values)}\n`;
  };
  console.error = (...values: unknown[]) => {
    stderr += `${print(...values)}\n`;
  };
  process.exitCode = undefined;
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    process.chdir(options.cwd);
    await Promise.race([
      runCommand(async () => (await COMMANDS[command]())([...args])),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${command} had not ended after ${options.timeoutMs ?? 10_000} ms`)),
          options.timeoutMs ?? 10_000,
        );
      }),
    ]);
    const code = process.exitCode ?? 0;
    return { code: typeof code === 'number' ? code : Number(code), stdout, stderr };
  } finally {
    clearTimeout(timer);
    process.chdir(saved.cwd);
    console.log = saved.log;
    console.error = saved.error;
    process.exitCode = saved.exitCode;
    for (const [name, value] of Object.entries(saved.env)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
