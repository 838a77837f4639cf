import type { IncomingMessage, ServerResponse } from 'node:http';
import { compressBody } from '../compression/compress-body.js';
import { compressibleExtensionOf } from '../compression/compressible-extensions.js';
import type { HeaderRule } from '../headers/headers-config.js';
import { readRegularFile } from '../io/read-regular-file.js';
import { type EncodedVariants, encodeVariants } from './encoded-variants.js';
import { strongEtag } from './etag.js';
import { resolveFileHeaders } from './file-headers.js';
import type { FoundFile } from './find-static-file.js';
import { sendVariant } from './send-variant.js';

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
 * compressed once; a request costs the file's fstat.
 * Answers `false`, having written nothing, for anything it does not serve:
 * another kind of file, a missing one, one too large, so that it is streamed
 * from disk as it is.
 */
export function createCompressedFiles(rules: readonly HeaderRule[]) {
  const cache = new Map<string, Entry>();
  let cachedBytes = 0;
  /**
   * The look at each file under way: a crowd asking for one file waits for
   * one read and one compression, rather than starting its own each.
   */
  const loading = new Map<string, Promise<Entry | undefined>>();

  function remember(file: string, entry: Entry): void {
    const previous = cache.get(file);
    if (previous !== undefined) {
      cache.delete(file);
      cachedBytes -= previous.bytes;
    }
    for (const [oldest, { bytes }] of cache) {
      if (cachedBytes + entry.bytes <= COMPRESSED_CACHE_BYTES) break;
      cache.delete(oldest);
      cachedBytes -= bytes;
    }
    if (entry.bytes > COMPRESSED_CACHE_BYTES) return;
    cache.set(file, entry);
    cachedBytes += entry.bytes;
  }

  async function load({ file, absolute }: FoundFile): Promise<Entry | undefined> {
    const known = cache.get(file);
    const found = await readRegularFile(absolute, {
      maxBytes: MAX_COMPRESSED_FILE_BYTES,
      ...(known === undefined ? {} : { knownIdentity: known.identity }),
    });
    if (found.kind === 'unchanged') return known;
    if (found.kind === 'refused') return undefined;
    const headers = resolveFileHeaders(rules, file);
    const etag = strongEtag(found.bytes);
    const notModifiedHeaders = Object.fromEntries(
      Object.entries(headers).filter(([key]) => key.toLowerCase() !== 'content-type'),
    );
    const variants = encodeVariants(
      { body: found.bytes, etag, okHeaders: headers, notModifiedHeaders },
      await compressBody(found.bytes).catch(() => ({})),
    );
    const entry = {
      identity: found.identity,
      variants,
      bytes: found.bytes.length + (variants.br?.body.length ?? 0) + (variants.gzip?.body.length ?? 0),
    };
    // A file rewritten while it was read has no identity: served this once, read again next time.
    if (found.identity !== '') remember(file, entry);
    return entry;
  }

  /** Answers a GET or HEAD of a file found under `public/` from memory, or returns false having written nothing. */
  return async function serveCompressed(
    request: IncomingMessage,
    response: ServerResponse,
    found: FoundFile,
  ): Promise<boolean> {
    if (compressibleExtensionOf(found.file) === undefined || found.stats.size > MAX_COMPRESSED_FILE_BYTES) return false;
    let pending = loading.get(found.file);
    if (pending === undefined) {
      pending = load(found).finally(() => loading.delete(found.file));
      loading.set(found.file, pending);
    }
    const entry = await pending;
    if (entry === undefined) return false;
    sendVariant(request, response, entry.variants);
    return true;
  };
}
