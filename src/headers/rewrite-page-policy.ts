import type { HeaderRule } from './headers-config.js';
import { resolveHeaders } from './resolve-headers.js';

/** The status page, as `headers.json` rules match it. */
export const PAGE_PATH = '/index.html';

/**
 * `headers.json`'s rules with the status page's Content-Security-Policy as
 * `rewrite` gives it, one rule appended after the others. Where the page has
 * no policy, or `rewrite` leaves it as it was, the rules are returned as they
 * are, so a site serves the bytes it always did. Pure: `allowFormEndpoint`
 * and `allowInlineStyle` are each one rewrite.
 */
export function rewritePagePolicy(rules: readonly HeaderRule[], rewrite: (policy: string) => string): HeaderRule[] {
  const policy = resolveHeaders(rules, PAGE_PATH).get('content-security-policy');
  if (policy === undefined) return [...rules];
  const rewritten = rewrite(policy.value);
  if (rewritten === policy.value) return [...rules];
  return [...rules, { source: PAGE_PATH.slice(1), headers: [{ key: policy.key, value: rewritten }] }];
}

/** A policy's directives, each as its name followed by its sources; empty ones left out. Pure. */
export function parseDirectives(policy: string): string[][] {
  return policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter((tokens) => tokens[0] !== undefined && tokens[0] !== '');
}

/** Directives written back as a policy, `; ` between them. Pure. */
export function formatDirectives(directives: readonly (readonly string[])[]): string {
  return directives.map((tokens) => tokens.join(' ')).join('; ');
}
