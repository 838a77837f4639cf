import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { errorMessage, isErrnoException } from '../errors/describe-error.js';
import { listPublishedFiles } from '../exports/list-published-files.js';
import type { HeaderRule } from '../headers/headers-config.js';
import type { LineLog } from '../log/line-log.js';
import { mapConcurrently } from '../outbound/map-concurrently.js';
import { withDeadline } from '../outbound/with-deadline.js';
import { describeStoreFailure } from './describe-store-failure.js';
import { resolveObjectMetadata } from './object-metadata.js';
import type { BucketTarget } from './parse-bucket-url.js';
import { planUploads } from './plan-uploads.js';
import type { ObjectStore, StoredObject } from './s3-object-store.js';
import { emptyManifest, readUploadManifest, type UploadManifest, writeUploadManifest } from './upload-manifest.js';

/** Uploads in flight at once: enough to hide a store's latency, few enough for a small bucket's rate limit. */
export const UPLOAD_CONCURRENCY = 8;

export interface MirrorOptions {
  readonly target: BucketTarget;
  /** The served directory; object keys are paths under it, after the target's prefix. */
  readonly publicDir: string;
  /** `headers.json`'s rules: each object's Content-Type and Cache-Control. */
  readonly rules: readonly HeaderRule[];
  readonly store: ObjectStore;
  /** How long one `sync` may take in all; what is not stored by then waits for the next. */
  readonly deadlineMs: number;
  /**
   * What the bucket holds, kept beside the probe state: only files whose
   * digest differs are uploaded. Left out, every file is uploaded every time.
   */
  readonly manifestFile?: string | undefined;
  readonly log: LineLog;
}

/** How one `sync` went. */
export interface MirrorReport {
  /** Every changed file is stored. */
  readonly ok: boolean;
  readonly uploaded: number;
  readonly unchanged: number;
  /** Changed files not stored this time. */
  readonly pending: number;
  readonly durationMs: number;
  /** Why not `ok`, as logged. */
  readonly reason?: string;
}

export interface PublicDirMirror {
  /** `s3://BUCKET[/PREFIX]`, as log lines name it. */
  readonly target: string;
  /** How long one `sync` may take. */
  readonly deadlineMs: number;
  /** Stores what changed under `publicDir` (or just `files`, paths under it); never throws, never outlasts the deadline. */
  sync(options?: {
    readonly signal?: AbortSignal | undefined;
    readonly files?: readonly string[];
  }): Promise<MirrorReport>;
  /** Closes the store's connections. */
  close(): void;
}

/** A file as last read: its digest holds while its size, modification time and inode do. */
interface Seen {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
  readonly digest: string;
}

/**
 * Keeps a bucket in step with the files published under `publicDir`,
 * whoever wrote them (the status, the history, the feed, any document added
 * later): no list of documents, just the directory. A change is a new SHA-256
 * over an object's metadata and bytes, compared with the manifest; a file is
 * read again only when its size, mtime or inode moved (every writer replaces
 * files by rename). A failed or late sync logs one line naming the bucket and
 * the reason, and the next complete one logs that it recovered.
 */
export function createPublicDirMirror(options: MirrorOptions): PublicDirMirror {
  const { target, publicDir, rules, store, deadlineMs, manifestFile, log } = options;
  const seen = new Map<string, Seen>();
  let manifest: UploadManifest | undefined;

  /** The object for `file` as it is now, and its digest; `undefined` if the file is gone. */
  async function readObject(file: string): Promise<{ digest: string; object: StoredObject } | undefined> {
    const path = join(publicDir, file);
    try {
      const info = await stat(path);
      const body = await readFile(path);
      const metadata = resolveObjectMetadata(rules, file).stored;
      const hash = createHash('sha256')
        .update(JSON.stringify([...metadata]))
        .update('\0')
        .update(body);
      const digest = hash.digest('hex');
      seen.set(file, { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino, digest });
      return { digest, object: { key: `${target.prefix}${file}`, body, metadata } };
    } catch (error) {
      // Replaced or removed between listing and reading: the next sync sees what is there then.
      if (isErrnoException(error) && error.code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** The digest of `file`, read again only if it was replaced since it was last read. */
  async function digestFile(file: string): Promise<{ digest: string; object?: StoredObject } | undefined> {
    try {
      const info = await stat(join(publicDir, file));
      const known = seen.get(file);
      if (known && known.size === info.size && known.mtimeMs === info.mtimeMs && known.ino === info.ino) {
        return { digest: known.digest };
      }
    } catch (error) {
      if (isErrnoException(error) && error.code === 'ENOENT') return undefined;
      throw error;
    }
    return readObject(file);
  }

  async function upload(files: readonly string[], signal: AbortSignal | undefined): Promise<MirrorReport> {
    const started = performance.now();
    manifest ??=
      manifestFile === undefined
        ? emptyManifest(target.url, store.endpoint)
        : await readUploadManifest(manifestFile, target.url, store.endpoint, log.error);
    const digests = new Map<string, string>();
    const objects = new Map<string, StoredObject>();
    for (const file of files) {
      const read = await digestFile(file);
      if (read === undefined) continue;
      digests.set(file, read.digest);
      if (read.object !== undefined) objects.set(file, read.object);
    }
    const { changed, unchanged } = planUploads(
      digests,
      manifestFile === undefined ? {} : manifest.objects,
      target.prefix,
    );
    // Only the bodies about to go up are held on to.
    const toUpload = new Set(changed);
    for (const file of objects.keys()) if (!toUpload.has(file)) objects.delete(file);
    const stored: Record<string, string> = {};
    let failure: unknown;
    const outcome = await withDeadline(
      async (deadlineSignal) => {
        const stop = new AbortController();
        const uploadSignal = AbortSignal.any([deadlineSignal, stop.signal]);
        await mapConcurrently(changed, UPLOAD_CONCURRENCY, async (file) => {
          if (uploadSignal.aborted) return;
          try {
            const known = objects.get(file);
            const read =
              known === undefined ? await readObject(file) : { digest: digests.get(file) ?? '', object: known };
            if (read === undefined) return;
            await store.put(target.bucket, read.object, uploadSignal);
            stored[read.object.key] = read.digest;
          } catch (error) {
            if (uploadSignal.aborted) return;
            failure ??= error;
            // A store that refuses one object refuses the rest: no point in queueing them.
            stop.abort();
          }
        });
      },
      deadlineMs,
      signal,
    );
    const pending = changed.length - Object.keys(stored).length;
    const reason =
      failure !== undefined
        ? describeStoreFailure(failure)
        : outcome.kind === 'timeout'
          ? `no answer within the ${deadlineMs} ms deadline`
          : outcome.kind === 'aborted'
            ? 'stopped by shutdown'
            : undefined;
    const wasFailing = manifest.failing;
    const stoppedByShutdown = outcome.kind === 'aborted' && failure === undefined;
    // A shutdown says nothing about the store: whether it was failing stays as it was.
    const failing = stoppedByShutdown ? wasFailing : reason !== undefined;
    manifest = { ...manifest, objects: { ...manifest.objects, ...stored }, failing };
    if (manifestFile !== undefined && (Object.keys(stored).length > 0 || wasFailing !== manifest.failing)) {
      await writeUploadManifest(manifestFile, manifest).catch((error: unknown) =>
        log.error(`could not save ${manifestFile}: ${errorMessage(error)}`),
      );
    }
    const durationMs = Math.round(performance.now() - started);
    const counts = `${Object.keys(stored).length} of ${changed.length} changed object(s) stored, ${unchanged} unchanged`;
    if (stoppedByShutdown) {
      log.info(`${target.url}: upload stopped by shutdown; ${counts}; the rest goes up on the next run`);
    } else if (reason !== undefined) {
      log.error(
        `${target.url}: upload failed: ${reason}; ${counts}; the local files are written, the rest is tried on the next run`,
      );
    } else if (wasFailing) log.info(`${target.url}: uploads recovered: ${counts} in ${durationMs} ms`);
    else if (changed.length > 0) log.info(`${target.url}: ${counts} in ${durationMs} ms`);
    return {
      ok: reason === undefined,
      uploaded: Object.keys(stored).length,
      unchanged,
      pending,
      durationMs,
      ...(reason === undefined ? {} : { reason }),
    };
  }

  return {
    target: target.url,
    deadlineMs,
    async sync({ signal, files } = {}) {
      try {
        return await upload(files ?? (await listPublishedFiles(publicDir)), signal);
      } catch (error) {
        // A local read that failed (permissions, EMFILE): reported like a store failure, never thrown into the cycle.
        const reason = `reading ${publicDir}: ${errorMessage(error)}`;
        log.error(`${target.url}: upload failed: ${reason}; tried on the next run`);
        return { ok: false, uploaded: 0, unchanged: 0, pending: 0, durationMs: 0, reason };
      }
    },
    close() {
      store.close();
    },
  };
}
