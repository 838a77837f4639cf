import type { HeaderRule } from '../headers/headers-config.js';
import { resolveObjectMetadata } from './object-metadata.js';

/** Paths named per header before the rest are only counted. */
const LISTED_PATHS_MAX = 8;

/**
 * The headers `headers.json` gives `files` that no object can carry (CORS,
 * nosniff, CSP), one line per header and value with the paths that need it,
 * for the CDN's response headers policy; empty when there are none. The
 * generated `s3-upload.sh` lists the same per path.
 */
export function listCdnHeaders(rules: readonly HeaderRule[], files: readonly string[]): string[] {
  const paths = new Map<string, string[]>();
  for (const file of files) {
    for (const { key, value } of resolveObjectMetadata(rules, file).forCdn) {
      const header = `${key}: ${value}`;
      paths.set(header, [...(paths.get(header) ?? []), `/${file}`]);
    }
  }
  return [...paths].map(([header, where]) => {
    if (where.length === files.length) return `${header} on every object`;
    const named = where.slice(0, LISTED_PATHS_MAX).join(', ');
    const rest = where.length - LISTED_PATHS_MAX;
    return `${header} on ${named}${rest > 0 ? ` and ${rest} more` : ''}`;
  });
}
