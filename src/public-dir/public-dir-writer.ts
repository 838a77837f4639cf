import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { documentFile } from '../api-paths.js';
import { SIBLING_KINDS } from '../compression/precompressed-siblings.js';
import { removePublicFile, updatePublicFileSiblings, writePublicFile } from '../compression/write-public-file.js';
import { displayPath } from '../io/display-path.js';
import { removeStaleTempFiles, removeStaleTempFilesUnder } from '../io/remove-stale-temp-files.js';
import { checkFence, type WriteFence } from '../io/write-fence.js';
import type { MirrorReport, PublicDirMirror } from '../object-store/public-dir-mirror.js';

/** A path under the public directory as it is served, with its leading slash: `/api/v1/status`. */
export type UrlPath = `/${string}`;

export interface PublicDirWriterOptions {
  /**
   * `--precompress`: every file worth compressing gets `.gz` and `.br`
   * siblings for static hosts (nginx `gzip_static`); off, any it had are removed.
   */
  readonly precompress?: boolean;
  /** `--publish`: the bucket that `upload` keeps in step with the directory. Closed with the writer. */
  readonly mirror?: PublicDirMirror | undefined;
  /**
   * The writer lock's lease, for a probe that may lose it: asked just before
   * each file and sibling is replaced or removed, and before an upload
   * starts; once it no longer holds, each of them throws `WriterFencedError`
   * and leaves everything as it was. See `withFence`.
   */
  readonly fence?: WriteFence | undefined;
}

/** How `write` replaces a file. */
export interface WriteOptions {
  /**
   * Flush the file to disk before it replaces the old one (the default);
   * off for a file written again at the first cycle after a start, which is
   * what a power cut is followed by (`writeAtomically`'s `sync`).
   */
  readonly sync?: boolean;
  /**
   * Write only when the bytes differ from what this writer last wrote at the
   * path (`true`): a document rendered every cycle but changed far less often
   * is then not replaced. `'or-on-disk'` also skips, once per path after a
   * start, a file that already holds exactly these bytes (read back; not
   * with `--precompress`, whose siblings are not): for sets of small files a
   * restart would otherwise replace by the thousand (the badges).
   */
  readonly ifChanged?: boolean | 'or-on-disk';
}

/**
 * The one writer of the public directory, built once at start-up and handed
 * down to everything that publishes there (the probe's documents, the
 * history, the badges, the feed, Statuspage's documents, the build): a path's
 * bytes go in and the rules for a file that clients read come with it,
 * nobody else's business (atomic replacement, precompressed siblings older
 * never than their file, the directory made once, the bucket mirror).
 */
export interface PublicDirWriter {
  /** The served directory. */
  readonly dir: string;
  /** Whether files get `.gz` and `.br` siblings (`--precompress`). */
  readonly precompress: boolean;
  /** Where `upload` sends what changed and how long it may take (`--publish`); `undefined` without a bucket. */
  readonly mirror: Pick<PublicDirMirror, 'target' | 'deadlineMs'> | undefined;
  /** The file served at `urlPath`. */
  fileOf(urlPath: UrlPath): string;
  /**
   * Replaces the file at `urlPath` with `contents`, atomically, its siblings
   * first (`writePublicFile`). Throws with the old file left as it was.
   * Returns the file's path, or with `ifChanged`, `undefined` when the bytes
   * were those already there and nothing was written.
   */
  write(
    urlPath: UrlPath,
    contents: string | Uint8Array,
    options?: WriteOptions & { ifChanged?: false },
  ): Promise<string>;
  write(urlPath: UrlPath, contents: string | Uint8Array, options: WriteOptions): Promise<string | undefined>;
  /** Whether the bytes this writer last wrote at `urlPath` are `contents` (a write that failed forgets them). */
  holds(urlPath: UrlPath, contents: string | Uint8Array): boolean;
  /** Brings the siblings of a file this program does not write (the page's own) in line with its bytes. */
  updateSiblings(urlPath: UrlPath): Promise<string>;
  /** Removes the file at `urlPath` and its siblings, the siblings first. */
  remove(urlPath: UrlPath): Promise<void>;
  /**
   * Removes the temp files a killed writer left beside the file at
   * `urlPath` (`removeStaleTempFiles`), or with `under`, anywhere under the
   * directory at `urlPath`. Returns the names removed.
   */
  removeStaleTempFiles(urlPath: UrlPath, where?: 'beside' | 'under'): Promise<string[]>;
  /**
   * Stores what changed under the directory in the bucket (`--publish`), or
   * just `files` (paths under it); never throws but `WriterFencedError`
   * (`withFence`). `undefined` without a bucket.
   */
  upload(options?: Parameters<PublicDirMirror['sync']>[0]): Promise<MirrorReport | undefined>;
  /** Closes the bucket's connections, if any. */
  close(): void;
  /**
   * This writer, asking `fence` before each replace, removal and upload
   * (`PublicDirWriterOptions.fence`): what a probe publishes with once it
   * holds the writer lock. It shares the directory's state and the bucket.
   */
  withFence(fence: WriteFence): PublicDirWriter;
}

/** The paths of the precompressed siblings a file at `urlPath` may have: `/api/v1/status.gz`, `.br`. */
export function siblingPathsOf(urlPath: UrlPath): UrlPath[] {
  return SIBLING_KINDS.map(({ suffix }) => `${urlPath}${suffix}` as const);
}

const digestOf = (contents: string | Uint8Array) => hash('sha1', contents);

/** The writer of the public directory `dir`. */
export function createPublicDirWriter(dir: string, options: PublicDirWriterOptions = {}): PublicDirWriter {
  return writerOf(dir, options, new Map());
}

/**
 * `digests`: the one memory of what was written where, shared by the fenced
 * copies of a writer. It keeps a digest, not the bytes: 1,000 detail documents are 19 MB.
 */
function writerOf(dir: string, options: PublicDirWriterOptions, digests: Map<UrlPath, string>): PublicDirWriter {
  const precompress = options.precompress ?? false;
  const { mirror, fence } = options;
  // A file under a kilobyte or so is read with one blocking call after a turn of the event loop, as the
  // unflushed writes are (`writeAtomically`), rather than four trips through the thread pool.
  const onDisk = async (urlPath: UrlPath, contents: string | Uint8Array) => {
    if (precompress) return false;
    await nextTurn();
    try {
      return readFileSync(documentFile(dir, urlPath)).equals(Buffer.from(contents));
    } catch {
      return false;
    }
  };
  async function write(urlPath: UrlPath, contents: string | Uint8Array, writeOptions: WriteOptions = {}) {
    const { sync = true, ifChanged = false } = writeOptions;
    const digest = digestOf(contents);
    if (ifChanged !== false) {
      const last = digests.get(urlPath);
      if (last === digest) return undefined;
      if (last === undefined && ifChanged === 'or-on-disk' && (await onDisk(urlPath, contents))) {
        digests.set(urlPath, digest);
        return undefined;
      }
    }
    // Forgotten first: a failed write leaves a file that may hold neither, and is written again next time.
    digests.delete(urlPath);
    const file = await writePublicFile(dir, urlPath, contents, { precompress, sync, fence });
    digests.set(urlPath, digest);
    return file;
  }
  return {
    dir,
    precompress,
    mirror,
    fileOf: (urlPath) => documentFile(dir, urlPath),
    // Every file under the directory is replaced here or removed in `remove`: the one place where the
    // fence is asked, before each replace, whether this process may still write at all.
    write: write as PublicDirWriter['write'],
    holds: (urlPath, contents) => digests.get(urlPath) === digestOf(contents),
    updateSiblings: (urlPath) => updatePublicFileSiblings(dir, urlPath, { precompress, fence }),
    remove: (urlPath) => {
      digests.delete(urlPath);
      return removePublicFile(dir, urlPath, fence);
    },
    removeStaleTempFiles: (urlPath, where = 'beside') =>
      where === 'beside'
        ? removeStaleTempFiles(documentFile(dir, urlPath))
        : removeStaleTempFilesUnder(documentFile(dir, urlPath)),
    upload: async (uploadOptions) => {
      if (mirror === undefined) return undefined;
      checkFence(fence, () => `the upload of ${displayPath(dir)} to ${mirror.target}`);
      return mirror.sync(uploadOptions);
    },
    close: () => mirror?.close(),
    withFence: (next) => writerOf(dir, { precompress, mirror, fence: next }, digests),
  };
}
