import { lstat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { compressBody } from '../compression/compress-body.js';
import { compressibleExtensionOf } from '../compression/compressible-extensions.js';
import type { HeaderRule } from '../headers/headers-config.js';
import { fileIdentity, type RegularFileRead, readRegularFile } from '../io/read-regular-file.js';
import { confirmVersion } from './confirm-version.js';
import { type EncodedVariants, encodeVariants } from './encoded-variants.js';
import { strongEtag } from './etag.js';
import { resolveFileHeaders } from './file-headers.js';
import type { FoundFile } from './find-static-file.js';
import type { SendOutcome } from './send-file.js';
import { sendVariant } from './send-variant.js';
import { MAX_LOOKS, msUntilWritesShow, SETTLE_MS } from './settled-version.js';

/** A page asset or feed larger than this is streamed from disk as it is, uncompressed. */
export const MAX_COMPRESSED_FILE_BYTES = 8 * 1024 * 1024;
/** What the cache of compressed files may hold, all encodings counted; the oldest entries go first. */
export const COMPRESSED_CACHE_BYTES = 64 * 1024 * 1024;

interface Entry {
  readonly identity: string;
  readonly variants: EncodedVariants;
  readonly bytes: number;
}

/**
 * The static files worth compressing (the page, its scripts and styles, the
 * feed), answered from memory in br, gzip or as they are. Each version of a
 * file (its identity: device, inode, size, mtime, ctime) is read and
 * compressed once, when it has been seen unchanged long enough to be whole
 * (`SETTLE_MS`); a request costs the look that found the file.
 * Declines, having written nothing, anything it does not serve: another kind
 * of file, one too large, one that is no longer a regular file, so that it is
 * streamed from disk as it is.
 */
export function createCompressedFiles(rules: readonly HeaderRule[]) {
  const cache = new Map<string, Entry>();
  let cachedBytes = 0;
  /**
   * The look at each file under way: a crowd asking for one file waits for
   * one read and one compression, rather than starting its own each.
   */
  const loading = new Map<string, Promise<Entry | 'unsettled' | undefined>>();

  function forget(file: string): void {
    const previous = cache.get(file);
    if (previous === undefined) return;
    cache.delete(file);
    cachedBytes -= previous.bytes;
  }

  function remember(file: string, entry: Entry): void {
    forget(file);
    for (const [oldest, { bytes }] of cache) {
      if (cachedBytes + entry.bytes <= COMPRESSED_CACHE_BYTES) break;
      cache.delete(oldest);
      cachedBytes -= bytes;
    }
    if (entry.bytes > COMPRESSED_CACHE_BYTES) return;
    cache.set(file, entry);
    cachedBytes += entry.bytes;
  }

  /**
   * Reads a new version of a file and keeps it once a second look
   * `SETTLE_MS` later finds it unchanged (`confirmVersion`; its ctime old
   * enough that a write would show: `msUntilWritesShow`), at most
   * `MAX_LOOKS` times: what a writer rewriting it in place leaves for a
   * moment (empty, half-written) is never taken for a version.
   */
  async function readSettled({ absolute }: FoundFile): Promise<RegularFileRead | 'unsettled'> {
    for (let look = 0; look < MAX_LOOKS; look += 1) {
      const seenAtMs = Date.now();
      const read = await readRegularFile(absolute, { maxBytes: MAX_COMPRESSED_FILE_BYTES });
      if (read.kind !== 'read') return read;
      const wait = read.identity === '' ? SETTLE_MS : msUntilWritesShow(read.changedAtMs, seenAtMs);
      if (wait > 0) await sleep(wait);
      else if (await confirmVersion(read.identity, seenAtMs, () => lstat(absolute))) return read;
    }
    return 'unsettled';
  }

  async function load(found: FoundFile): Promise<Entry | 'unsettled' | undefined> {
    const read = await readSettled(found);
    if (read === 'unsettled') return read;
    if (read.kind !== 'read') {
      forget(found.file);
      return undefined;
    }
    const headers = resolveFileHeaders(rules, found.file);
    const etag = strongEtag(read.bytes);
    const notModifiedHeaders = Object.fromEntries(
      Object.entries(headers).filter(([key]) => key.toLowerCase() !== 'content-type'),
    );
    const variants = encodeVariants(
      { body: read.bytes, etag, okHeaders: headers, notModifiedHeaders },
      await compressBody(read.bytes).catch(() => ({})),
    );
    const entry = {
      identity: read.identity,
      variants,
      bytes: read.bytes.length + (variants.br?.body.length ?? 0) + (variants.gzip?.body.length ?? 0),
    };
    remember(found.file, entry);
    return entry;
  }

  /** The load of `found` under way, or a new one. */
  function loadOnce(found: FoundFile): Promise<Entry | 'unsettled' | undefined> {
    let pending = loading.get(found.file);
    if (pending === undefined) {
      pending = load(found).finally(() => loading.delete(found.file));
      loading.set(found.file, pending);
    }
    return pending;
  }

  /**
   * Answers a GET or HEAD of a file found under `public/` from memory, or
   * declines it having written nothing. When the file has changed since it
   * was loaded, the version loaded is answered while the new one is read and
   * compressed; with none loaded, a file that never held still is
   * 'unsettled', and nothing is written.
   */
  return async function serveCompressed(
    request: IncomingMessage,
    response: ServerResponse,
    found: FoundFile,
  ): Promise<SendOutcome> {
    if (compressibleExtensionOf(found.file) === undefined || found.stats.size > MAX_COMPRESSED_FILE_BYTES) {
      forget(found.file);
      return 'declined';
    }
    const cached = cache.get(found.file);
    if (cached !== undefined) {
      if (cached.identity !== fileIdentity(found.stats)) void loadOnce(found);
      sendVariant(request, response, cached.variants);
      return 'sent';
    }
    const entry = await loadOnce(found);
    if (entry === undefined) return 'declined';
    if (entry === 'unsettled') return entry;
    sendVariant(request, response, entry.variants);
    return 'sent';
  };
}
