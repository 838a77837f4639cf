import { isErrnoException } from '../errors/describe-error.js';
import { UsageError } from './run-command.js';

/**
 * Turns "address in use" into a `UsageError` that says which port and what
 * to do, since the usual cause is a second copy already running. Other
 * errors pass through unchanged.
 */
export function explainPortInUse(error: unknown, hint: string): unknown {
  if (!isErrnoException(error) || error.code !== 'EADDRINUSE') return error;
  const port = 'port' in error ? ` ${String(error.port)}` : '';
  return new UsageError(`port${port} is already in use (is another copy running?); ${hint}`, { cause: error });
}
