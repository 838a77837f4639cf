import { PUBLISHED_PATHS } from '../api-documents.js';

/**
 * What `build --publish` uploads, of the files under `public/`: every file
 * this build wrote, and the page's own files (everything outside `api/` that
 * is no published document). A document some other writer publishes (the
 * probe's status and history, say) is left out even if a copy lies in
 * `public/`: in the bucket it belongs to that writer, and an old local copy
 * must never replace the live one.
 */
export function selectBuildUploads(files: readonly string[], written: ReadonlySet<string>): string[] {
  const documents = new Set<string>(PUBLISHED_PATHS.map((path) => path.slice(1)));
  return files.filter((file) => written.has(file) || (!file.startsWith('api/') && !documents.has(file)));
}
