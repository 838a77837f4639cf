import { posix } from 'node:path';
import minimatch from 'minimatch';

interface Rule {
  readonly source: string;
  readonly headers: readonly { readonly key: string; readonly value: string }[];
}

/** A resolved header as it will be sent: the key's spelling from the last rule that set it. */
export interface ResolvedHeader {
  readonly key: string;
  readonly value: string;
}

/**
 * The headers that `rules` give `urlPath`, keyed by lower-case name. Matching
 * is serve-handler's own (minimatch on the normalised path, every matching
 * rule applies, later rules win), so `headers.json` means the same thing to the
 * fast path, to serve-handler and to the exports.
 */
export function resolveHeaders(rules: readonly Rule[], urlPath: string): Map<string, ResolvedHeader> {
  const resolvedPath = posix.resolve(urlPath);
  const out = new Map<string, ResolvedHeader>();
  for (const rule of rules) {
    if (!minimatch(resolvedPath, normaliseSource(rule.source))) continue;
    for (const { key, value } of rule.headers) out.set(key.toLowerCase(), { key, value });
  }
  return out;
}

/** serve-handler's `glob-slash`: a source always starts with `/`. */
function normaliseSource(source: string): string {
  const normalise = (value: string) => posix.normalize(posix.join('/', value));
  return source.startsWith('!') ? `!${normalise(source.slice(1))}` : normalise(source);
}
