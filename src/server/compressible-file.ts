import { posix } from 'node:path';
import mime from 'mime-types';

/**
 * The extensions of the files worth compressing; images other than SVG,
 * fonts and archives are compressed already. Their Content-Type comes from
 * `mime-types`, the lookup serve-handler makes for the same file, so that a
 * file reads the same whichever path answers it.
 */
const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.map',
  '.svg',
  '.xml',
  '.atom',
  '.txt',
  '.yaml',
  '.webmanifest',
]);

/** A static file answered from memory in every encoding: where it is under `public/`, and its type. */
export interface CompressibleFile {
  /** Its path under `public/`, with a leading slash: what `headers.json` rules match. */
  readonly file: string;
  readonly contentType: string;
}

/**
 * The file a checked, canonical URL path names, when that file is worth
 * compressing and serve-handler would send it as it is: a directory's
 * `index.html` for a path ending in `/`, or a file named with its extension.
 * A path ending in `.html` (which `cleanUrls` redirects) or with no
 * extension (which it may complete) is left to serve-handler. Pure.
 */
export function findCompressibleFile(path: string): CompressibleFile | undefined {
  const file = path.endsWith('/') ? `${path}index.html` : path;
  const extension = posix.extname(file).toLowerCase();
  if (!COMPRESSIBLE_EXTENSIONS.has(extension)) return undefined;
  if (file === path && extension === '.html') return undefined;
  const contentType = mime.contentType(extension);
  return contentType === false ? undefined : { file, contentType };
}
