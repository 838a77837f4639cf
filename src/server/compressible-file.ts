import { posix } from 'node:path';

/**
 * The Content-Type of each kind of file worth compressing, as serve-handler
 * (through `mime-types`) sends it for the same file, so that a file reads the
 * same whichever path answers it. Images other than SVG, fonts and archives
 * are compressed already and are not listed.
 */
const COMPRESSIBLE_TYPES: ReadonlyMap<string, string> = new Map([
  ['.js', 'application/javascript; charset=utf-8'],
  ['.mjs', 'application/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.html', 'text/html; charset=utf-8'],
  ['.json', 'application/json; charset=utf-8'],
  ['.map', 'application/json; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
  ['.xml', 'application/xml'],
  ['.atom', 'application/atom+xml'],
  ['.txt', 'text/plain; charset=utf-8'],
  ['.yaml', 'text/yaml; charset=utf-8'],
  ['.webmanifest', 'application/manifest+json; charset=utf-8'],
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
  if (path.endsWith('/')) return { file: `${path}index.html`, contentType: COMPRESSIBLE_TYPES.get('.html') ?? '' };
  const extension = posix.extname(path).toLowerCase();
  if (extension === '.html') return undefined;
  const contentType = COMPRESSIBLE_TYPES.get(extension);
  return contentType === undefined ? undefined : { file: path, contentType };
}
