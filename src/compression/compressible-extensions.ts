import { posix } from 'node:path';

/**
 * The extensions of the files worth compressing; images other than SVG,
 * fonts and archives are compressed already.
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
  '.ics',
  '.txt',
  '.md',
  '.yaml',
  '.webmanifest',
]);

/** The extension of `file` (a path or a URL path), lower-cased, when it names a type worth compressing. Pure. */
export function compressibleExtensionOf(file: string): string | undefined {
  const extension = posix.extname(file).toLowerCase();
  return COMPRESSIBLE_EXTENSIONS.has(extension) ? extension : undefined;
}
