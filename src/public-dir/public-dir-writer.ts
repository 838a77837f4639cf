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
   * Returns the file's path.
   */
  write(urlPath: UrlPath, contents: string | Uint8Array, options?: WriteOptions): Promise<string>;
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

/** The writer of the public directory `dir`. */
export function createPublicDirWriter(dir: string, options: PublicDirWriterOptions = {}): PublicDirWriter {
  const precompress = options.precompress ?? false;
  const { mirror, fence } = options;
  return {
    dir,
    precompress,
    mirror,
    fileOf: (urlPath) => documentFile(dir, urlPath),
    // Every file under the directory is replaced here or removed in `remove`: the one place where the
    // fence is asked, before each replace, whether this process may still write at all.
    write: (urlPath, contents, { sync = true } = {}) =>
      writePublicFile(dir, urlPath, contents, { precompress, sync, fence }),
    updateSiblings: (urlPath) => updatePublicFileSiblings(dir, urlPath, { precompress, fence }),
    remove: (urlPath) => removePublicFile(dir, urlPath, fence),
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
    withFence: (next) => createPublicDirWriter(dir, { precompress, mirror, fence: next }),
  };
}
