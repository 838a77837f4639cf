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
  files: Iterable<ComponentHistoryFile>,
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
 * 1,000 documents are 19 MB). `files` is taken as it is iterated, a few at a
 * time, never gathered: what a writer holds is `CONCURRENT_WRITES` documents
 * at any number of components.
 *
 * No flush per file: they are rewritten at least every minute, so a file a
 * power cut leaves empty is repaired within the minute, and 1,000 flushes
 * would cost more than the writes (`bench`'s history section measures it).
 * Throws on a failed write, which is then tried again next cycle; the caller logs it.
 */
export function createComponentHistoryPublisher(publicDir: PublicDirWriter): ComponentHistoryPublisher {
  const written = new Map<string, string>();
  let slugsKey: string | undefined;

  async function writeOne(slug: string, json: string, digest: string): Promise<void> {
    written.delete(slug);
    await publicDir.write(componentHistoryPath(slug), json, { sync: false });
    written.set(slug, digest);
  }

  return async (files, slugs) => {
    const seen: string[] = [];
    let writing: Promise<void>[] = [];
    try {
      for (const { slug, json } of files) {
        seen.push(slug);
        const digest = hash('sha1', json);
        if (written.get(slug) === digest) continue;
        writing.push(writeOne(slug, json, digest));
        if (writing.length < CONCURRENT_WRITES) continue;
        await Promise.all(writing);
        writing = [];
      }
      await Promise.all(writing);
    } finally {
      // Nothing left running unheard when a write or the iteration failed: the first failure is what is thrown.
      await Promise.allSettled(writing);
    }
    const kept = slugs ?? seen;
    const key = kept.join('\n');
    if (key === slugsKey) return;
    const keptSet = new Set(kept);
    await removeOthers(publicDir, keptSet);
    for (const slug of written.keys()) if (!keptSet.has(slug)) written.delete(slug);
    slugsKey = key;
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
