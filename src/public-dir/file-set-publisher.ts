import { readdir } from 'node:fs/promises';
import { SIBLING_KINDS } from '../compression/precompressed-siblings.js';
import { isErrnoException } from '../errors/describe-error.js';
import type { PublicDirWriter, UrlPath } from './public-dir-writer.js';

/** One file of a set: where under the public directory, and its bytes. */
export interface SetFile {
  readonly path: UrlPath;
  readonly contents: string;
}

/**
 * Writes files of the set, each only when its bytes changed (the writer's `ifChanged`).
 * `kept` is every path of the set (the other files under its directories are removed); left out, those of `files`.
 * Returns the files written.
 */
export type FileSetPublisher = (files: Iterable<SetFile>, kept?: readonly UrlPath[]) => Promise<string[]>;

export interface FileSetOptions {
  /** The directories the set lies in, one file per component or group (`/api/v1/component-history`). */
  readonly directories: readonly UrlPath[];
  /** The extension of every file of the set (`.json`): only such files are ever removed. */
  readonly extension: string;
}

/** Files written at once: enough to overlap the file system's latency, few enough not to hog its threads. */
const CONCURRENT_WRITES = 16;

/**
 * The publisher of a set of files named after components or groups (the
 * detail documents, the feeds of each): each replaced atomically, and the
 * files (with their `.br`/`.gz` siblings) under `directories` that are not in
 * the set removed, on the first call and whenever the set changes, so a
 * component taken out of the config loses its files. A file whose bytes are
 * those last written there is skipped (`PublicDirWriter.write`'s `ifChanged`). `files` is taken as it is
 * iterated, a few at a time, never gathered: what a writer holds is
 * `CONCURRENT_WRITES` files at any number of components (10,000 detail
 * documents held at once were 190 MB).
 *
 * No flush per file: the set is written again at the first cycle after a
 * start, which is what a power cut is followed by, and 1,000 flushes would
 * cost more than the writes (`bench`'s history section measures it).
 * Throws on a failed write, which is then tried again next time; the caller logs it.
 */
export function createFileSetPublisher(publicDir: PublicDirWriter, options: FileSetOptions): FileSetPublisher {
  let keptKey: string | undefined;
  const gather = (files: readonly (string | undefined)[]) => files.filter((file) => file !== undefined);

  return async (files, kept) => {
    const seen: UrlPath[] = [];
    const done: string[] = [];
    let writing: Promise<string | undefined>[] = [];
    try {
      for (const { path, contents } of files) {
        seen.push(path);
        if (publicDir.holds(path, contents)) continue;
        writing.push(publicDir.write(path, contents, { sync: false, ifChanged: true }));
        if (writing.length < CONCURRENT_WRITES) continue;
        done.push(...gather(await Promise.all(writing)));
        writing = [];
      }
      done.push(...gather(await Promise.all(writing)));
    } finally {
      // Nothing left running unheard when a write or the iteration failed: the first failure is what is thrown.
      await Promise.allSettled(writing);
    }
    const paths = kept ?? seen;
    const key = paths.join('\n');
    if (key !== keptKey) {
      const keep = new Set<string>(paths);
      await removeOthers(publicDir, options, keep);
      keptKey = key;
    }
    return done;
  };
}

/** Removes every file of the set's kind under its directories (and its compressed siblings) that `keep` lacks. */
async function removeOthers(publicDir: PublicDirWriter, options: FileSetOptions, keep: ReadonlySet<string>) {
  const suffixes = SIBLING_KINDS.map(({ suffix }) => suffix.replace('.', '\\.')).join('|');
  const extension = options.extension.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Dot-named files are the writer's temp files, cleared apart (`removeStaleTempFiles`).
  const ofTheSet = new RegExp(`^([^.]+)${extension}(?:${suffixes})?$`);
  for (const directory of options.directories) {
    let names: string[];
    try {
      names = await readdir(publicDir.fileOf(directory));
    } catch (error) {
      if (isErrnoException(error) && error.code === 'ENOENT') continue;
      throw error;
    }
    const others = new Set(
      names.flatMap((name) => {
        const stem = ofTheSet.exec(name)?.[1];
        const path = `${directory}/${stem}${options.extension}` as const;
        return stem === undefined || keep.has(path) ? [] : [path];
      }),
    );
    for (const path of others) await publicDir.remove(path);
  }
}
