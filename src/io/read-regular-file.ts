import { constants, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { isErrnoException } from '../errors/describe-error.js';

/**
 * Which file this is and which version of it: two reads with the same
 * identity saw the same bytes (the writers we know replace a file by rename,
 * or rewrite it and so move its mtime and ctime).
 */
export function fileIdentity(stats: Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

/** What `readRegularFile` found. A refusal with an `identity` is about that version of the file only. */
export type RegularFileRead =
  /** `identity` is empty when the file changed while it was being read. */
  | { readonly kind: 'read'; readonly identity: string; readonly bytes: Buffer }
  | { readonly kind: 'unchanged'; readonly identity: string }
  | { readonly kind: 'refused'; readonly identity?: string; readonly reason: string; readonly missing?: true };

export interface ReadRegularFileOptions {
  /** A file larger than this is refused without being read. */
  readonly maxBytes: number;
  /** The identity of the version last read or refused: the same again is `unchanged`, and not read. */
  readonly knownIdentity?: string;
}

/** A read function with `readRegularFile`'s contract, so that callers can take it as a parameter. */
export type ReadRegularFile = (file: string, options: ReadRegularFileOptions) => Promise<RegularFileRead>;

/**
 * Reads a regular file, and only a regular file, without ever blocking or
 * growing without bound. The path is opened once, without following a
 * symlink and without blocking (so a FIFO with no writer cannot stall it);
 * what was opened is then judged by `fstat` on the descriptor, not by a
 * second look at the path that something could swap in between. A device,
 * FIFO, socket or directory is refused, as is a file over `maxBytes`, before
 * a byte is read. Never throws: every failure is a `refused` with its reason.
 */
export async function readRegularFile(file: string, options: ReadRegularFileOptions): Promise<RegularFileRead> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    const missing = isErrnoException(error) && error.code === 'ENOENT';
    return { kind: 'refused', reason: describeOpenError(error), ...(missing ? { missing } : {}) };
  }
  try {
    const stats = await handle.stat();
    const identity = fileIdentity(stats);
    if (identity === options.knownIdentity) return { kind: 'unchanged', identity };
    if (!stats.isFile()) return { kind: 'refused', identity, reason: `is ${describeKind(stats)}, not a regular file` };
    if (stats.size > options.maxBytes) {
      return {
        kind: 'refused',
        identity,
        reason: `is ${stats.size} bytes, larger than ${describeBytes(options.maxBytes)}`,
      };
    }
    // One byte more than allowed, to notice a file that grew after fstat.
    const buffer = Buffer.alloc(Math.min(stats.size, options.maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > options.maxBytes) {
      return { kind: 'refused', identity, reason: `grew past ${describeBytes(options.maxBytes)} while being read` };
    }
    // A file rewritten in place while it was read may be torn: give no identity, so it is read again.
    const settled = fileIdentity(await handle.stat()) === identity;
    return { kind: 'read', identity: settled ? identity : '', bytes: buffer.subarray(0, length) };
  } catch (error) {
    return { kind: 'refused', reason: `cannot be read (${isErrnoException(error) ? error.code : String(error)})` };
  } finally {
    await handle.close().catch(() => {});
  }
}

function describeOpenError(error: unknown): string {
  if (!isErrnoException(error)) return `cannot be opened (${String(error)})`;
  if (error.code === 'ENOENT') return 'file not found';
  // O_NOFOLLOW on a symlink.
  if (error.code === 'ELOOP') return 'is a symlink, which is not followed';
  // A socket file.
  if (error.code === 'ENXIO') return 'is a socket, not a regular file';
  return `cannot be opened (${error.code})`;
}

function describeKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'of an unknown kind';
}

function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `the ${bytes / (1024 * 1024)} MiB allowed` : `the ${bytes} bytes allowed`;
}
