import { realpath } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { compressBody } from '../compression/compress-body.js';
import type { HeaderRule } from '../headers/headers-config.js';
import { resolveHeaders } from '../headers/resolve-headers.js';
import { readRegularFile } from '../io/read-regular-file.js';
import { findCompressibleFile } from './compressible-file.js';
import { type EncodedVariants, encodeVariants } from './encoded-variants.js';
import { strongEtag } from './etag.js';
import { sendVariant } from './send-variant.js';

/** A page asset or feed larger than this is left to serve-handler, streamed and uncompressed. */
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
 * compressed once; a request costs a look at the path and the file's fstat.
 * The path is refused if reached through a symlink, like every static file.
 * Answers `false`, having written nothing, for anything it does not serve:
 * another kind of file, a missing one, one too large, so that serve-handler
 * answers it as before.
 */
export function createCompressedFiles(publicDir: string, rules: readonly HeaderRule[]) {
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

  async function load(file: string, contentType: string): Promise<Entry | undefined> {
    const absolute = join(publicDir, file);
    try {
      if ((await realpath(absolute)) !== absolute) return undefined;
    } catch {
      return undefined;
    }
    const known = cache.get(file);
    const found = await readRegularFile(absolute, {
      maxBytes: MAX_COMPRESSED_FILE_BYTES,
      ...(known === undefined ? {} : { knownIdentity: known.identity }),
    });
    if (found.kind === 'unchanged') return known;
    if (found.kind === 'refused') return undefined;
    const headers: Record<string, string> = {};
    for (const { key, value } of resolveHeaders(rules, file).values()) headers[key] = value;
    // headers.json may name a type for a path; the extension's is the default, as in serve-handler.
    if (!Object.keys(headers).some((key) => key.toLowerCase() === 'content-type'))
      headers['Content-Type'] = contentType;
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

  /** Answers a GET or HEAD of a checked, canonical path from memory, or returns false having written nothing. */
  return async function serveCompressed(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
  ): Promise<boolean> {
    const target = findCompressibleFile(path);
    if (target === undefined) return false;
    let pending = loading.get(target.file);
    if (pending === undefined) {
      pending = load(target.file, target.contentType).finally(() => loading.delete(target.file));
      loading.set(target.file, pending);
    }
    const entry = await pending;
    if (entry === undefined) return false;
    sendVariant(request, response, entry.variants);
    return true;
  };
}
