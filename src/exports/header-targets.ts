import { ExportError } from '../errors/export-error.js';
import type { HeaderRule } from '../headers/headers-config.js';
import { type ResolvedHeader, resolveHeaders } from '../headers/resolve-headers.js';

/** One exact URL path and every header `headers.json` gives it, in the order the server sends them. */
export interface HeaderTarget {
  readonly path: string;
  /** The file under `public/` that the path serves, without a leading slash. */
  readonly file: string;
  readonly headers: readonly ResolvedHeader[];
}

/** The characters an exported path may use: none of them means anything special to any host's matcher. */
const PLAIN_PATH = /^\/[A-Za-z0-9._~/-]*$/;

/**
 * The URL paths a static host serves a file at. `a/index.html` is also `a/`,
 * and hosts with clean URLs serve `b.html` as `b` too, so each gets a rule.
 */
export function urlPathsForFile(file: string): string[] {
  const path = `/${file}`;
  if (path.endsWith('/index.html')) return [path.slice(0, -'index.html'.length), path];
  if (path.endsWith('.html')) return [path.slice(0, -'.html'.length), path];
  return [path];
}

/**
 * Resolves `headers.json` for every published file, exactly as the server
 * does (rules match the file's path; later rules win), and lists the result
 * per URL path, sorted. Hosts then get exact paths with complete header sets
 * rather than translated globs: host glob dialects differ, and where several
 * rules match, some hosts join the values instead of letting the last win.
 * A path with characters some host
 * would read as a pattern (`*`, `:`, spaces, ...) is an `ExportError`.
 */
export function collectHeaderTargets(rules: readonly HeaderRule[], files: readonly string[]): HeaderTarget[] {
  const byPath = new Map<string, HeaderTarget>();
  for (const file of [...new Set(files)].sort()) {
    const headers = [...resolveHeaders(rules, `/${file}`).values()];
    for (const path of urlPathsForFile(file)) {
      if (!PLAIN_PATH.test(path)) {
        throw new ExportError('every host', `${JSON.stringify(path)} has characters a host would read as a pattern`);
      }
      byPath.set(path, { path, file, headers });
    }
  }
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The value of one header in a target, by case-insensitive name. */
export function headerValue(target: HeaderTarget, name: string): string | undefined {
  return target.headers.find((header) => header.key.toLowerCase() === name.toLowerCase())?.value;
}

/** The targets that carry at least one header: a host rule with no headers means nothing. */
export function withHeaders(targets: readonly HeaderTarget[]): HeaderTarget[] {
  return targets.filter((target) => target.headers.length > 0);
}
