/** The longest file name Linux's file systems take, in bytes (`NAME_MAX`). */
export const MAX_FILE_NAME_BYTES = 255;
/** The longest path Linux takes, in bytes (`PATH_MAX`), the public directory's own included. */
export const MAX_PATH_BYTES = 4096;

/**
 * Whether a checked, decoded URL path could name a file at all: every
 * segment within `MAX_FILE_NAME_BYTES` and the whole within `MAX_PATH_BYTES`.
 * One that could not names nothing, so it is answered 404 without asking the
 * disk, whose ENAMETOOLONG would otherwise be an error to log. Pure.
 */
export function couldNameFile(path: string): boolean {
  // A UTF-16 code unit is at most three bytes of UTF-8: most paths are decided without encoding them.
  if (path.length * 3 <= MAX_FILE_NAME_BYTES) return true;
  if (Buffer.byteLength(path) > MAX_PATH_BYTES) return false;
  return path.split('/').every((segment) => Buffer.byteLength(segment) <= MAX_FILE_NAME_BYTES);
}
