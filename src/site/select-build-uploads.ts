import { PUBLISHED_PATHS } from '../api-documents.js';
import { BADGES_PATH } from '../api-paths.js';

/** The published documents and the feed, as relative paths under `public/`. */
const PUBLISHED_FILES: ReadonlySet<string> = new Set(PUBLISHED_PATHS.map((path) => path.slice(1)));
const BADGES_DIR = `${BADGES_PATH.slice(1)}/`;

/**
 * What `build --publish` uploads, of the files under `public/`: every file
 * this build wrote, and the page's own files (everything outside `api/` that
 * is no published document). A document some other writer publishes (the
 * probe's status and history, say) is left out even if a copy lies in
 * `public/`: in the bucket it belongs to that writer, and an old local copy
 * must never replace the live one.
 */
export function selectBuildUploads(files: readonly string[], written: ReadonlySet<string>): string[] {
  return files.filter((file) => written.has(file) || (!file.startsWith('api/') && !PUBLISHED_FILES.has(file)));
}

/**
 * The page's own files among `files` (relative paths under `public/`), as
 * URL paths: everything outside `api/` and `badges/` that is no published
 * document. The build keeps their siblings; the probe's files it leaves to
 * the probe, which may be rewriting them at the same moment.
 */
export function listPageFiles(files: readonly string[]): string[] {
  return files
    .filter((file) => !file.startsWith('api/') && !file.startsWith(BADGES_DIR) && !PUBLISHED_FILES.has(file))
    .map((file) => `/${file}`);
}
