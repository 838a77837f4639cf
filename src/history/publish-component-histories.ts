import { hash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { COMPONENT_HISTORY_PATH, componentHistoryPath } from '../api-paths.js';
import { isErrnoException } from '../errors/describe-error.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
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
 * Throws on a failed write, which is then tried again next cycle; the caller logs it.
 */
export function createComponentHistoryPublisher(publicDir: PublicDirWriter): ComponentHistoryPublisher {
  const written = new Map<string, string>();
  let slugsKey: string | undefined;
  return async (files, slugs = files.map(({ slug }) => slug)) => {
    const key = slugs.join('\n');
    if (key !== slugsKey) {
      const kept = new Set(slugs);
      await removeOthers(publicDir, kept);
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
          await publicDir.write(componentHistoryPath(slug), json, { sync: false });
          written.set(slug, digest);
        }),
      );
    }
  };
}

/** Removes the detail document (and its compressed siblings) of every slug found that is not in `slugs`. */
async function removeOthers(publicDir: PublicDirWriter, slugs: ReadonlySet<string>): Promise<void> {
  let names: string[];
  try {
    names = await readdir(publicDir.fileOf(COMPONENT_HISTORY_PATH));
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return;
    throw error;
  }
  const others = new Set(
    names.flatMap((name) => {
      const slug = /^([^.]+)\.json(?:\.br|\.gz)?$/.exec(name)?.[1];
      return slug === undefined || slugs.has(slug) ? [] : [slug];
    }),
  );
  for (const slug of others) await publicDir.remove(componentHistoryPath(slug));
}
