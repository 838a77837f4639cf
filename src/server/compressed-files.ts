import type { IncomingMessage, ServerResponse } from 'node:http';
import { compressBody } from '../compression/compress-body.js';
import { compressibleExtensionOf } from '../compression/compressible-extensions.js';
import type { HeaderRule } from '../headers/headers-config.js';
import { fileIdentity, readRegularFile } from '../io/read-regular-file.js';
import { type CachedFile, type CacheUsage, CompressedCache } from './compressed-cache.js';
import { encodeVariants } from './encoded-variants.js';
import { strongEtag } from './etag.js';
import { resolveFileHeaders } from './file-headers.js';
import type { FoundFile } from './find-static-file.js';
import { LoadSlots } from './load-slots.js';
import type { SendOutcome } from './send-file.js';
import { sendVariant } from './send-variant.js';
import { waitAtMost } from './wait-at-most.js';
import { createSettler } from './wait-until-settled.js';

/** A page asset or feed larger than this is streamed from disk as it is, uncompressed. */
export const MAX_COMPRESSED_FILE_BYTES = 8 * 1024 * 1024;
/** What the cache of compressed files may hold, all encodings counted, answers still being sent included. */
export const COMPRESSED_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * How many files are read and compressed at once. Each holds its bytes and
 * their compressed forms (up to three times 8 MiB) and a Brotli encoder's
 * state (about 30 MB at quality 9), and two of libuv's four threads while it
 * runs: two leave the other threads to the files already in memory.
 */
export const MAX_LOADS_IN_FLIGHT = 2;
/** How many more files may wait for a turn; past that a file is streamed as it is, uncompressed. */
export const MAX_QUEUED_LOADS = 32;

/**
 * How long a request for a file that changed since it was loaded waits for
 * the new version to settle and be read and compressed: past that (its turn
 * is behind other loads) it is streamed from disk as it is, uncompressed.
 */
export const MAX_WAIT_FOR_VERSION_MS = 2_000;

/** What became of a read and compression: a version in memory, or why there is none. */
type LoadResult = CachedFile | 'unsettled' | 'refused' | 'no-room';

export interface CompressedFilesOptions {
  /** The cache's bound; `COMPRESSED_CACHE_BYTES` unless given. */
  readonly maxBytes?: number;
}

/** The static files answered from memory in every encoding. */
export interface CompressedFiles {
  /**
   * Answers a GET or HEAD of a file found under `public/` from memory, or
   * says why not, having written nothing: 'declined' (not a kind it
   * compresses, too large, no longer a regular file), 'uncompressed' (no
   * room or no turn for it now: to be streamed as it is), 'unsettled'.
   */
  serve(request: IncomingMessage, response: ServerResponse, found: FoundFile): Promise<SendOutcome>;
  /** What it holds, by its own count, and how many files wait to hold still or for a turn. */
  usage(): CacheUsage & { readonly queued: number };
  /** Whether a version of `file` (its path under `public/`) is kept in memory. */
  holds(file: string): boolean;
}

/**
 * The static files worth compressing (the page, its scripts and styles, the
 * feed), answered from memory in br, gzip or as they are. Each version of a
 * file (its identity: device, inode, size, mtime, ctime) is read and
 * compressed once, when it has been seen unchanged long enough to be whole
 * (`SETTLE_MS`), and kept in a cache bounded by `maxBytes`
 * (`CompressedCache`: least recently used out, frequency-aware admission).
 * At most `MAX_LOADS_IN_FLIGHT` files are read and compressed at once, and
 * `MAX_QUEUED_LOADS` wait; a file the cache would not let in, or for which
 * there is no turn, is streamed from disk as it is rather than compressed
 * for one answer and thrown away. So memory stays within the bound plus the
 * loads' fixed share however many files and clients there are, and a working
 * set larger than the bound costs no compression beyond the part that fits.
 */
export function createCompressedFiles(
  rules: readonly HeaderRule[],
  { maxBytes = COMPRESSED_CACHE_BYTES }: CompressedFilesOptions = {},
): CompressedFiles {
  const cache = new CompressedCache(maxBytes);
  const slots = new LoadSlots(MAX_LOADS_IN_FLIGHT, MAX_QUEUED_LOADS);
  const settle = createSettler();
  /** The load of each file under way or waiting: a crowd asking for one file waits for one read and compression. */
  const loading = new Map<string, Promise<LoadResult>>();

  /**
   * Reads and compresses the version of `found` that held still
   * (`identity`), in its turn, and keeps it if the cache lets it in: the
   * room may have gone to other files, or to slow answers, while it waited.
   */
  async function load(found: FoundFile, identity: string): Promise<LoadResult> {
    if (!cache.admits(found.file, found.stats.size)) return 'no-room';
    cache.beginLoad(found.stats.size);
    try {
      const read = await readRegularFile(found.absolute, { maxBytes: MAX_COMPRESSED_FILE_BYTES });
      if (read.kind !== 'read') return 'refused';
      // Changed since it held still (an empty identity: while it was read).
      if (read.identity !== identity) return 'unsettled';
      const headers = resolveFileHeaders(rules, found.file);
      const etag = strongEtag(read.bytes);
      const variants = encodeVariants(
        { body: read.bytes, etag, okHeaders: headers },
        await compressBody(read.bytes).catch(() => ({})),
      );
      const entry = {
        identity: read.identity,
        variants,
        bytes: read.bytes.length + (variants.br?.body.length ?? 0) + (variants.gzip?.body.length ?? 0),
      };
      cache.keep(found.file, entry);
      return entry;
    } finally {
      cache.endLoad(found.stats.size);
    }
  }

  /**
   * The load of `found` under way, or a new one: once a version has held
   * still (`waitUntilSettled`, which takes no turn), it is read and
   * compressed in its turn (`LoadSlots`). A version there is no room or turn
   * for, or none at all, is no longer kept: an older one is not answered for it.
   */
  function loadOnce(found: FoundFile): Promise<LoadResult> {
    let pending = loading.get(found.file);
    if (pending === undefined) {
      pending = settle(found.absolute)
        .then((settled): Promise<LoadResult> | LoadResult => {
          if (settled === 'missing') return 'refused';
          if (settled === 'unsettled') return settled;
          return slots.run(() => load(found, settled.identity)) ?? 'no-room';
        })
        .then((result) => {
          if (result === 'no-room' || result === 'refused') cache.forget(found.file);
          return result;
        })
        .finally(() => loading.delete(found.file));
      loading.set(found.file, pending);
    }
    return pending;
  }

  function send(request: IncomingMessage, response: ServerResponse, file: string, entry: CachedFile): SendOutcome {
    response.once('close', cache.holdWhileSent(file, entry));
    sendVariant(request, response, entry.variants);
    return 'sent';
  }

  return {
    async serve(request, response, found) {
      if (compressibleExtensionOf(found.file) === undefined || found.stats.size > MAX_COMPRESSED_FILE_BYTES) {
        cache.forget(found.file);
        return 'declined';
      }
      const cached = cache.lookUp(found.file);
      if (cached?.identity === fileIdentity(found.stats)) return send(request, response, found.file, cached);
      if (cached !== undefined) {
        // Changed since it was loaded: the new version is waited for (it settles in `SETTLE_MS`), never
        // answered by the old one, which a client polling less often than the file changes would
        // otherwise always get. Only bytes that never held still leave the old version answered.
        const waited = await waitAtMost(
          loadOnce(found).catch((error: unknown) => {
            cache.forget(found.file);
            throw error;
          }),
          MAX_WAIT_FOR_VERSION_MS,
        );
        if (waited === 'unsettled') return send(request, response, found.file, cached);
        if (waited === 'refused') return 'declined';
        if (waited === 'no-room' || waited === 'late') return 'uncompressed';
        return send(request, response, found.file, waited);
      }
      if (!loading.has(found.file) && !cache.admits(found.file, found.stats.size)) return 'uncompressed';
      const result = await loadOnce(found);
      if (result === 'unsettled') return result;
      if (result === 'refused') return 'declined';
      if (result === 'no-room') return 'uncompressed';
      return send(request, response, found.file, result);
    },
    usage: () => ({ ...cache.usage(), queued: Math.max(0, loading.size - slots.busy) }),
    holds: (file) => cache.holds(file),
  };
}
