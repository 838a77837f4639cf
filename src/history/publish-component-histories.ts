import { hash } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { COMPONENT_HISTORY_PATH, componentHistoryPath, documentFile } from '../api-paths.js';
import { writePublicFile } from '../compression/write-public-file.js';
import { isErrnoException } from '../errors/describe-error.js';
import type { ComponentHistoryFile } from './render-history-documents.js';

/**
 * Writes a cycle's detail documents; remembers what it wrote, so that only a file whose bytes changed is written again.
 * `slugs` is every configured component's (the files of others are removed); left out, those of `files`.
 */
export type ComponentHistoryPublisher = (
  files: readonly ComponentHistoryFile[],
  slugs?: readonly string[],
) => Promise<void>;

/** Files written at once: enough to overlap the file system's latency, few enough not to hog its threads. */
const CONCURRENT_WRITES = 16;

/**
 * Writes each component's `/api/v1/component-history/{slug}.json` under
 * `publicDir`, each replaced atomically, and removes the files (and their
 * `.br`/`.gz` siblings) of slugs no longer configured: on the first call and
 * whenever the set of slugs changes. A file whose bytes are those this
 * publisher last wrote is skipped (it remembers a digest, not the bytes:
 * 1,000 documents are 19 MB).
 *
 * No flush per file: they are rewritten at least every minute, so a file a
 * power cut leaves empty is repaired within the minute, and 1,000 flushes
 * would cost more than the writes (`bench`'s history section measures it).
 * With `precompress`, each gets its `.gz` and `.br` siblings (`writePublicFile`).
 * Throws on a failed write, which is then tried again next cycle; the caller logs it.
 */
export function createComponentHistoryPublisher(publicDir: string, precompress = false): ComponentHistoryPublisher {
  const directory = documentFile(publicDir, COMPONENT_HISTORY_PATH);
  const written = new Map<string, string>();
  let slugsKey: string | undefined;
  return async (files, slugs = files.map(({ slug }) => slug)) => {
    const key = slugs.join('\n');
    if (key !== slugsKey) {
      await mkdir(directory, { recursive: true });
      const kept = new Set(slugs);
      await removeOthers(directory, kept);
      for (const slug of written.keys()) if (!kept.has(slug)) written.delete(slug);
      slugsKey = key;
    }
    const changed = files
      .map(({ slug, json }) => ({ slug, json, digest: hash('sha1', json) }))
      .filter(({ slug, digest }) => written.get(slug) !== digest);
    for (let start = 0; start < changed.length; start += CONCURRENT_WRITES) {
      await Promise.all(
        changed.slice(start, start + CONCURRENT_WRITES).map(async ({ slug, json, digest }) => {
          written.delete(slug);
          await writePublicFile(publicDir, componentHistoryPath(slug), json, { precompress, sync: false });
          written.set(slug, digest);
        }),
      );
    }
  };
}

/** Removes every detail document in `directory` whose slug is not in `slugs`, with its compressed siblings. */
async function removeOthers(directory: string, slugs: ReadonlySet<string>): Promise<void> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return;
    throw error;
  }
  for (const name of names) {
    const match = /^([^.]+)\.json(?:\.br|\.gz)?$/.exec(name);
    if (match?.[1] !== undefined && !slugs.has(match[1])) await rm(`${directory}/${name}`, { force: true });
  }
}
