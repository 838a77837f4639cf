import { PUBLISHED_PATHS } from '../api-documents.js';
import { BADGES_PATH, FEEDS_PATH } from '../api-paths.js';

/** The published documents and the feed, as relative paths under `public/`. */
const PUBLISHED_FILES: ReadonlySet<string> = new Set(PUBLISHED_PATHS.map((path) => path.slice(1)));
/** The directories the probe writes, beside `api/`: the badges and the feeds of components and groups. */
const PROBE_DIRS = [BADGES_PATH, FEEDS_PATH].map((path) => `${path.slice(1)}/`);

/**
 * Whether `file` (a relative path under `public/`) is one of the page's own
 * files: everything outside `api/`, `badges/` and `feeds/` (the probe writes
 * them) that is no published document (the feed).
 */
function isPageFile(file: string): boolean {
  return !file.startsWith('api/') && !PROBE_DIRS.some((dir) => file.startsWith(dir)) && !PUBLISHED_FILES.has(file);
}

/**
 * What `build --publish` uploads, of the files under `public/`: every file
 * this build wrote, and the page's own files. A file some other writer
 * publishes (the probe's status, history and badges, say) is left out even if
 * a copy lies in `public/`: in the bucket it belongs to that writer, and an
 * old local copy must never replace the live one.
 */
export function selectBuildUploads(files: readonly string[], written: ReadonlySet<string>): string[] {
  return files.filter((file) => written.has(file) || isPageFile(file));
}

/**
 * The page's own files among `files` (relative paths under `public/`), as
 * URL paths. The build keeps their siblings; the probe's files it leaves to
 * the probe, which may be rewriting them at the same moment.
 */
export function listPageFiles(files: readonly string[]): `/${string}`[] {
  return files.filter(isPageFile).map((file) => `/${file}` as const);
}
