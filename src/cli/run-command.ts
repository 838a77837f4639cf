import { ArgumentError } from '../errors/argument-error.js';
import { ExportError } from '../errors/export-error.js';
import { InputError } from '../errors/input-error.js';
import { ProbeLockedError } from '../public-dir/probe-locked-error.js';

/**
 * Runs a CLI command body: an `InputError`, `ArgumentError`, `ExportError`,
 * `UsageError` or `ProbeLockedError` prints its message and exits 1;
 * anything else prints the stack and exits 1 as well.
 */
export async function runCommand(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (
      error instanceof InputError ||
      error instanceof ArgumentError ||
      error instanceof ExportError ||
      error instanceof UsageError ||
      error instanceof ProbeLockedError
    ) {
      console.error(error.message);
    } else console.error(error);
    process.exitCode = 1;
  }
}

/** A command line that cannot be acted on. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
