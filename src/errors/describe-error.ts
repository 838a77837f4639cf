/** One of Node's system errors, carrying its `code` (`ENOENT`, `EACCES`). */
export function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

/** The message of anything thrown: an `Error`'s message, anything else as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The string `code` that anything thrown carries (`ENOENT`, `SQLITE_BUSY`), if it carries one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** What a failure that goes on is known by in a condition log: its code, else its class's name. */
export function errorKey(error: unknown): string {
  return errorCode(error) ?? (error instanceof Error ? error.name : 'unknown');
}

/**
 * A file system failure as the probe's lines name it, `ENOSPC (ENOSPC: no
 * space left on device, write)`: the code first, which an operator searches
 * for, then Node's message; anything else by its message.
 */
export function describeIoError(error: unknown): string {
  if (isErrnoException(error) && error.code !== undefined) return `${error.code} (${error.message})`;
  return errorMessage(error);
}

/**
 * A failure with a code in the form SQLite's errors are read in,
 * `SQLITE_BUSY: database is locked` (the history's lines); anything else by
 * its message.
 */
export function describeCodedError(error: unknown): string {
  const code = errorCode(error);
  return code === undefined ? errorMessage(error) : `${code}: ${errorMessage(error)}`;
}
