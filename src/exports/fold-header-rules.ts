import type { ResolvedHeader } from '../headers/resolve-headers.js';
import type { HeaderTarget } from './header-targets.js';

/** Cloudflare Pages: at most 100 rules. */
export const CLOUDFLARE_MAX_RULES = 100;

/** One rule of `_headers`: an exact path or a pattern with one `*`, and the headers it gives. */
export interface HeadersFileRule {
  readonly path: string;
  readonly headers: readonly ResolvedHeader[];
}

/** A pattern standing for several exact paths, and every path it could match on either host. */
interface Fold {
  readonly pattern: string;
  readonly covered: readonly HeaderTarget[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a pattern could match on either host: Netlify matches
 * case-insensitively, leaves a part holding a `*` unescaped (its `.` any
 * character) and reads a `*` standing for a whole segment as `/?(.*)`, the
 * slash before it optional (`/dir/*` also takes `/dirx`); Cloudflare Pages'
 * one splat is a greedy `.*`, across slashes.
 */
function broadly(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((part) =>
      part === '*'
        ? '?.*'
        : part
            .split('*')
            .map((piece) => escapeRegExp(piece).replaceAll('\\.', '.'))
            .join('.*'),
    )
    .join('/');
  return new RegExp(`^${body}/?$`, 'i');
}

/**
 * What a pattern surely matches on both hosts, reading `*` as narrowly as
 * their documents allow: within one path segment ("at any place inside of a
 * path segment", Netlify), except a final `/*`, which both document as
 * everything under the directory.
 */
function narrowly(pattern: string): RegExp {
  const trailing = pattern.endsWith('/*');
  const head = trailing ? pattern.slice(0, -1) : pattern;
  return new RegExp(`^${head.split('*').map(escapeRegExp).join('[^/]*')}${trailing ? '.+' : ''}$`);
}

/**
 * The patterns a path suggests: `DIR/*` for each directory above it,
 * `DIR/*.EXT` for its type of file, and the path with one directory
 * replaced by `*` (`/badges/components/*\/status.svg`, one per component).
 */
function patternsOf(path: string): string[] {
  const segments = path.split('/');
  const name = segments.at(-1) ?? '';
  const dot = name.lastIndexOf('.');
  const patterns: string[] = [];
  for (let end = 2; end < segments.length; end++) patterns.push(`${segments.slice(0, end).join('/')}/*`);
  if (dot > 0 && dot < name.length - 1) patterns.push(`${segments.slice(0, -1).join('/')}/*.${name.slice(dot + 1)}`);
  for (let index = 1; index < segments.length - 1; index++) {
    patterns.push([...segments.slice(0, index), '*', ...segments.slice(index + 1)].join('/'));
  }
  return patterns;
}

const sameHeaders = (list: readonly HeaderTarget[]) =>
  list.every((target) => JSON.stringify(target.headers) === JSON.stringify(list[0]?.headers));

/** The honest folds: patterns suggested by two paths or more, whose every possible match surely matches and gets the same headers. */
function candidateFolds(targets: readonly HeaderTarget[]): Fold[] {
  const suggested = new Map<string, number>();
  for (const { path } of targets) {
    for (const pattern of patternsOf(path)) suggested.set(pattern, (suggested.get(pattern) ?? 0) + 1);
  }
  const folds: Fold[] = [];
  for (const [pattern, count] of suggested) {
    if (count < 2) continue;
    const broad = broadly(pattern);
    const narrow = narrowly(pattern);
    const covered = targets.filter((target) => broad.test(target.path));
    if (!covered.every((target) => narrow.test(target.path)) || !sameHeaders(covered)) continue;
    if ((covered[0]?.headers.length ?? 0) > 0) folds.push({ pattern, covered });
  }
  return folds.sort((a, b) => b.covered.length - a.covered.length || (a.pattern < b.pattern ? -1 : 1));
}

/**
 * The `_headers` rules for `targets` (every published path, with or without
 * headers): one per exact path while they fit in Cloudflare's 100; past
 * that, a pattern stands for paths that all get the same headers, the ones
 * standing for most paths first, until they fit: `DIR/*` for a directory
 * (the detail documents named after each component), `DIR/*.EXT` for one
 * type of file in it, `DIR/*\/NAME` for one file of each subdirectory (each
 * component's badges, whose SVGs and JSON get different headers). Both
 * hosts give a request every matching rule's headers, joined, so a pattern
 * is used only where all it could match on either host surely matches on
 * both and gets its headers, and no two patterns could match one path: each
 * path still gets exactly one rule. Paths without headers get none. Pure.
 */
export function foldIntoRules(targets: readonly HeaderTarget[]): HeadersFileRule[] {
  const withHeaders = targets.filter((target) => target.headers.length > 0);
  if (withHeaders.length <= CLOUDFLARE_MAX_RULES) return withHeaders;
  const chosen: Fold[] = [];
  const folded = new Set<HeaderTarget>();
  let count = withHeaders.length;
  for (const fold of candidateFolds(targets)) {
    if (count <= CLOUDFLARE_MAX_RULES) break;
    if (fold.covered.some((target) => folded.has(target))) continue;
    chosen.push(fold);
    for (const target of fold.covered) folded.add(target);
    count -= fold.covered.length - 1;
  }
  const rules: HeadersFileRule[] = [
    ...withHeaders.filter((target) => !folded.has(target)),
    ...chosen.map((fold) => ({ path: fold.pattern, headers: fold.covered[0]?.headers ?? [] })),
  ];
  return rules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
