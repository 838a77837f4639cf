import { COMPONENT_HISTORY_PATH, componentHistoryPath } from '../api-paths.js';
import { createFileSetPublisher, type SetFile } from '../public-dir/file-set-publisher.js';
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

/**
 * Writes each component's `/api/v1/component-history/{slug}.json` under
 * `publicDir` as one set of files (`createFileSetPublisher`): each replaced
 * atomically without a flush, only when its bytes changed, and the files
 * (and their `.br`/`.gz` siblings) of slugs no longer configured removed, on
 * the first call and whenever the set of slugs changes. They are rewritten
 * at least every minute, so a file a power cut leaves empty is repaired
 * within the minute. `files` is taken as it is iterated, a few at a time,
 * never gathered. Throws on a failed write, which is then tried again next
 * cycle; the caller logs it.
 */
export function createComponentHistoryPublisher(publicDir: PublicDirWriter): ComponentHistoryPublisher {
  const publish = createFileSetPublisher(publicDir, { directories: [COMPONENT_HISTORY_PATH], extension: '.json' });
  return async (files, slugs) => {
    await publish(asSetFiles(files), slugs?.map(componentHistoryPath));
  };
}

/** Each detail document as a file of the set, as the iteration reaches it. */
function* asSetFiles(files: Iterable<ComponentHistoryFile>): Generator<SetFile> {
  for (const { slug, json } of files) yield { path: componentHistoryPath(slug), contents: json };
}
