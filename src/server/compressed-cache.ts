import type { EncodedVariants } from './encoded-variants.js';
import { RequestCounts } from './request-counts.js';

/** One version of a static file in memory, in every encoding. */
export interface CachedFile {
  /** Which version: device, inode, size, mtime, ctime. */
  readonly identity: string;
  readonly variants: EncodedVariants;
  /** What it weighs: its bytes in every encoding. */
  readonly bytes: number;
}

/**
 * What a version of a file of `fileBytes` weighs at most: the file and its
 * two compressed forms, each kept only if smaller than the file. Pure.
 */
export function versionBytesAtMost(fileBytes: number): number {
  return 3 * fileBytes;
}

/** What the compressed files hold in memory, by the cache's own count. */
export interface CacheUsage {
  /** Versions the cache keeps. */
  readonly cachedBytes: number;
  /** Versions no longer kept (evicted, replaced, never let in) whose answers are still being sent. */
  readonly sendingBytes: number;
  /** Set aside for the reads and compressions under way: what each may weigh (`versionBytesAtMost`). */
  readonly loadingBytes: number;
  readonly loads: number;
}

/**
 * The bookkeeping of the compressed files' memory, apart from any I/O. The
 * versions kept, least recently used first; what each weighs; which are
 * being sent. A version evicted while answers still send it goes on counting
 * until the last one is done, so that no number of slow clients holds more
 * than the bound: with the bound taken, files are let in only as answers
 * finish. Admission is TinyLFU's: a file is let in when there is room, or
 * when every entry it would push out has been asked for less often than it
 * (`RequestCounts`), so that a stream of files asked for once cannot wash
 * out the page's scripts, and a working set larger than the bound keeps the
 * part of it that fits instead of none.
 */
export class CompressedCache {
  readonly maxBytes: number;
  readonly #entries = new Map<string, CachedFile>();
  readonly #readers = new Map<CachedFile, number>();
  readonly #counts = new RequestCounts();
  #cachedBytes = 0;
  #sendingBytes = 0;
  #loadingBytes = 0;
  #loads = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** Counts a request for `file` and returns the version kept, now the most recently used. */
  lookUp(file: string): CachedFile | undefined {
    this.#counts.count(file);
    const entry = this.#entries.get(file);
    if (entry !== undefined) {
      this.#entries.delete(file);
      this.#entries.set(file, entry);
    }
    return entry;
  }

  /**
   * Whether a version of `file`, a file of `fileBytes`, would be let in:
   * there is room for what it may weigh (`versionBytesAtMost`), or the
   * entries that would make room (least recently used first, none being
   * sent) were all asked for less often than `file`.
   */
  admits(file: string, fileBytes: number): boolean {
    return this.#victimsFor(file, versionBytesAtMost(fileBytes)) !== undefined;
  }

  /** Counts a read and compression of a file of `fileBytes` as under way, with what it may weigh. */
  beginLoad(fileBytes: number): void {
    this.#loads += 1;
    this.#loadingBytes += versionBytesAtMost(fileBytes);
  }

  /** Counts that load as done. */
  endLoad(fileBytes: number): void {
    this.#loads -= 1;
    this.#loadingBytes -= versionBytesAtMost(fileBytes);
  }

  /**
   * Keeps `entry` as the version of `file`, pushing out the entries that make
   * room by the rule of `admits`; if they cannot (hotter files, or answers
   * being sent, hold the room), it is not kept, and counts only while sent.
   */
  keep(file: string, entry: CachedFile): void {
    this.forget(file);
    const victims = this.#victimsFor(file, entry.bytes);
    if (victims === undefined) return;
    for (const victim of victims) this.forget(victim);
    this.#entries.set(file, entry);
    this.#cachedBytes += entry.bytes;
  }

  /** Stops keeping any version of `file`. */
  forget(file: string): void {
    const entry = this.#entries.get(file);
    if (entry === undefined) return;
    this.#entries.delete(file);
    this.#cachedBytes -= entry.bytes;
    if (this.#readers.has(entry)) this.#sendingBytes += entry.bytes;
  }

  /** Counts `entry` as being sent until the returned function is called. */
  holdWhileSent(file: string, entry: CachedFile): () => void {
    const readers = this.#readers.get(entry) ?? 0;
    if (readers === 0 && this.#entries.get(file) !== entry) this.#sendingBytes += entry.bytes;
    this.#readers.set(entry, readers + 1);
    return () => {
      const left = (this.#readers.get(entry) ?? 1) - 1;
      if (left > 0) {
        this.#readers.set(entry, left);
        return;
      }
      this.#readers.delete(entry);
      if (this.#entries.get(file) !== entry) this.#sendingBytes -= entry.bytes;
    };
  }

  /** Whether a version of `file` is kept. */
  holds(file: string): boolean {
    return this.#entries.has(file);
  }

  /**
   * The entries to push out so that `bytes` more fit, least recently used
   * first, skipping those being sent (pushing them out frees nothing yet);
   * undefined if that takes one asked for as often as `file`, or cannot be done.
   */
  #victimsFor(file: string, bytes: number): string[] | undefined {
    let free = this.maxBytes - this.#cachedBytes - this.#sendingBytes;
    const victims: string[] = [];
    const asked = this.#counts.of(file);
    for (const [victim, entry] of this.#entries) {
      if (free >= bytes) break;
      if (victim === file || this.#readers.has(entry)) continue;
      if (this.#counts.of(victim) >= asked) return undefined;
      victims.push(victim);
      free += entry.bytes;
    }
    return free >= bytes ? victims : undefined;
  }

  usage(): CacheUsage {
    return {
      cachedBytes: this.#cachedBytes,
      sendingBytes: this.#sendingBytes,
      loadingBytes: this.#loadingBytes,
      loads: this.#loads,
    };
  }
}
