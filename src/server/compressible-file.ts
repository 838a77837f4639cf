import mime from 'mime-types';
import { compressibleExtensionOf } from '../compression/compressible-extensions.js';

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
 * extension (which it may complete) is left to serve-handler. The type
 * comes from `mime-types`, the lookup serve-handler makes for the same file,
 * so that a file reads the same whichever path answers it. Pure.
 */
export function findCompressibleFile(path: string): CompressibleFile | undefined {
  const file = path.endsWith('/') ? `${path}index.html` : path;
  const extension = compressibleExtensionOf(file);
  if (extension === undefined) return undefined;
  if (file === path && extension === '.html') return undefined;
  const contentType = mime.contentType(extension);
  return contentType === false ? undefined : { file, contentType };
}
