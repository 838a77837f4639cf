import { spawn } from 'node:child_process';

/** What promtool said, and how it ended. */
export interface PromtoolResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs Debian's `promtool` (package `prometheus`) with `args`, writing `input` to its stdin. */
export function runPromtool(args: readonly string[], input = '', cwd?: string): Promise<PromtoolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('promtool', args, { stdio: ['pipe', 'pipe', 'pipe'], ...(cwd === undefined ? {} : { cwd }) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** `promtool check metrics` on an exposition: its format and its lint rules (names, units, help). */
export function checkMetrics(exposition: string): Promise<PromtoolResult> {
  return runPromtool(['check', 'metrics'], exposition);
}
