import { hash } from 'node:crypto';
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
 * Writes files of the set; remembers what it wrote, so that only a file whose bytes changed is written again.
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
 * those this publisher last wrote is skipped (it remembers a digest, not the
 * bytes: 1,000 detail documents are 19 MB). `files` is taken as it is
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
  const written = new Map<UrlPath, string>();
  let keptKey: string | undefined;

  async function writeOne(path: UrlPath, contents: string, digest: string): Promise<string> {
    written.delete(path);
    const file = await publicDir.write(path, contents, { sync: false });
    written.set(path, digest);
    return file;
  }

  return async (files, kept) => {
    const seen: UrlPath[] = [];
    const done: string[] = [];
    let writing: Promise<string>[] = [];
    try {
      for (const { path, contents } of files) {
        seen.push(path);
        const digest = hash('sha1', contents);
        if (written.get(path) === digest) continue;
        writing.push(writeOne(path, contents, digest));
        if (writing.length < CONCURRENT_WRITES) continue;
        done.push(...(await Promise.all(writing)));
        writing = [];
      }
      done.push(...(await Promise.all(writing)));
    } finally {
      // Nothing left running unheard when a write or the iteration failed: the first failure is what is thrown.
      await Promise.allSettled(writing);
    }
    const paths = kept ?? seen;
    const key = paths.join('\n');
    if (key !== keptKey) {
      const keep = new Set<string>(paths);
      await removeOthers(publicDir, options, keep);
      for (const path of written.keys()) if (!keep.has(path)) written.delete(path);
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
