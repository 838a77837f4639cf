import { DOCUMENT_PATHS } from '../api-documents.js';
import { compressibleExtensionOf } from './compressible-extensions.js';

/**
 * Below this many bytes a file gets no siblings: nginx's `gzip_min_length`
 * reasoning, a body this small gains nothing worth a second file.
 */
export const MIN_PRECOMPRESS_BYTES = 256;

/** A precompressed sibling: the coding a static host announces and the suffix it looks for. */
export interface SiblingKind {
  readonly coding: 'br' | 'gzip';
  readonly suffix: '.br' | '.gz';
}

/** The siblings a file may have, in the order they are written: nginx's `gzip_static` and `brotli_static` names. */
export const SIBLING_KINDS: readonly SiblingKind[] = [
  { coding: 'gzip', suffix: '.gz' },
  { coding: 'br', suffix: '.br' },
];

const DOCUMENTS: ReadonlySet<string> = new Set(DOCUMENT_PATHS);

/**
 * Whether the file at `urlPath` (under `public/`, leading slash) is worth
 * precompressing: an API document (they have no extension) or a file whose
 * extension the server compresses too. Pure.
 */
export function isWorthPrecompressing(urlPath: string): boolean {
  return DOCUMENTS.has(urlPath) || compressibleExtensionOf(urlPath) !== undefined;
}

/**
 * Whether `urlPath` names a precompressed sibling (`/api/v1/status.gz`,
 * `/status-page.js.br`): a `.gz` or `.br` beside a file worth precompressing.
 * `/backup.tar.gz` is not one. Pure.
 */
export function isPrecompressedSibling(urlPath: string): boolean {
  const kind = SIBLING_KINDS.find(({ suffix }) => urlPath.endsWith(suffix));
  return kind !== undefined && isWorthPrecompressing(urlPath.slice(0, -kind.suffix.length));
}
