import { type Header, parseAllHeaders } from '@netlify/headers-parser';

/** What one host makes of a `_headers` file for a request path: how many rules match it, and the headers sent. */
export interface HostMatch {
  readonly rules: number;
  /** Lower-case name → value, a repeated header's values joined with `, `. */
  readonly headers: Record<string, string>;
}

export type HostMatcher = (path: string) => HostMatch;

/** Every matching rule's headers applied in order, a repeated one joined as both hosts document it. */
function apply(matching: readonly Record<string, string>[]): HostMatch {
  const headers: Record<string, string> = {};
  for (const values of matching) {
    for (const [key, value] of Object.entries(values)) {
      const name = key.toLowerCase();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
  }
  return { rules: matching.length, headers };
}

/**
 * Netlify's reading of the `_headers` file at `file`: its own parser,
 * `@netlify/headers-parser`, which `netlify dev` (through `@netlify/headers`)
 * matches requests with, each rule's `forRegExp` tested on the path. A
 * syntax error Netlify reports fails here.
 */
export async function netlifyMatcher(file: string): Promise<HostMatcher> {
  const { headers, errors } = await parseAllHeaders({ headersFiles: [file], configHeaders: [], minimal: false });
  if (errors.length > 0) throw new Error(`Netlify refuses ${file}: ${errors.map((error) => error.message).join('; ')}`);
  const rules = headers as Header[];
  return (path) => apply(rules.filter((rule) => rule.forRegExp.test(path)).map((rule) => rule.values));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An imitation of Cloudflare Pages' reading of `_headers` text: Cloudflare's
 * own code does not run here. It copies the rule matcher
 * `generateRulesMatcher` of Cloudflare's asset worker (cloudflare/workers-sdk,
 * `packages/workers-shared/asset-worker/src/utils/rules-engine.ts`) and the
 * header application of the Pages asset server's `attachHeaders`
 * (`@cloudflare/pages-shared`). No real tool is run because that code runs
 * only inside workerd, Cloudflare's runtime: `wrangler pages dev` needs
 * wrangler, miniflare and a workerd binary of about 100 MB, too heavy for a
 * quick test (`firebase-header-matcher.ts` imitates superstatic likewise).
 * A change in Cloudflare's matching shows here only once this copy follows it.
 *
 * What it copies: a path line, then indented `Name: value` lines; each
 * rule's path becomes `^…$` with its one splat (`*`) as a greedy
 * `(?<splat>.*)` and a `:name` placeholder as `[^/]+`, the rest escaped,
 * tested case-sensitively, and every matching rule applied in order (a
 * repeated header appended). A rule whose pattern does not compile (two
 * splats) is dropped there, and fails here.
 */
export function cloudflareMatcher(text: string): HostMatcher {
  const rules: { regExp: RegExp; values: Record<string, string> }[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('/')) {
      const pattern = line
        .split('*')
        .map(escapeRegExp)
        .join('(?<splat>.*)')
        .replace(/:([A-Za-z]\w*)/g, '(?<$1>[^/]+)');
      rules.push({ regExp: new RegExp(`^${pattern}$`), values: {} });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (colon < 1 || rule === undefined)
      throw new Error(`Cloudflare Pages cannot read the line ${JSON.stringify(raw)}`);
    rule.values[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return (path) => apply(rules.filter((rule) => rule.regExp.test(path)).map((rule) => rule.values));
}
