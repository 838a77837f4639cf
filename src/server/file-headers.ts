import { posix } from 'node:path';
import mime from 'mime-types';
import type { HeaderRule } from '../headers/headers-config.js';
import { resolveHeaders } from '../headers/resolve-headers.js';

/**
 * The headers a static file is sent with, before those of its bytes (ETag,
 * length, coding): what `headers.json` gives its path, and the type
 * `mime-types` gives its name unless a rule names one (serve-handler's
 * lookup, so that a file reads the same as it always has). Pure.
 */
export function resolveFileHeaders(rules: readonly HeaderRule[], file: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, value } of resolveHeaders(rules, file).values()) headers[key] = value;
  if (!Object.keys(headers).some((key) => key.toLowerCase() === 'content-type')) {
    const type = mime.contentType(posix.basename(file));
    if (type !== false) headers['Content-Type'] = type;
  }
  return headers;
}
