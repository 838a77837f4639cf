import type { HeaderRule } from './headers-config.js';
import { formatDirectives, parseDirectives, rewritePagePolicy } from './rewrite-page-policy.js';

/**
 * `headers.json`'s rules with the status page's Content-Security-Policy
 * opened to the email form's endpoint (components config
 * `subscribers.endpoint`): its origin added to `connect-src` (the form's
 * script POSTs there) and to `form-action` (without a script the form itself
 * does), one rule appended after the file's own. Without an endpoint, or
 * where the page has no policy, the rules are returned as they are, so a
 * site without subscribers serves the bytes it always did. Pure; the server,
 * the build's exports and the CDN's list all call it, so they agree.
 */
export function allowFormEndpoint(rules: readonly HeaderRule[], endpoint: string | undefined): HeaderRule[] {
  if (endpoint === undefined) return [...rules];
  const origin = new URL(endpoint).origin;
  return rewritePagePolicy(rules, (policy) => openPolicy(policy, origin));
}

/**
 * A policy whose `connect-src` and `form-action` allow `origin`: added to
 * each directive's sources (replacing `'none'`), unless `*` or the origin is
 * there already. A missing `connect-src` falls back to `default-src`, so it
 * is written out from that one's sources; a missing `form-action` restricts
 * nothing and stays missing. Pure.
 */
export function openPolicy(policy: string, origin: string): string {
  const directives = parseDirectives(policy);
  const named = (name: string) => directives.find((tokens) => tokens[0]?.toLowerCase() === name);
  const widen = (sources: readonly string[]) => {
    if (sources.includes('*') || sources.includes(origin)) return [...sources];
    return [...sources.filter((source) => source.toLowerCase() !== "'none'"), origin];
  };
  const connect = named('connect-src');
  const fallback = named('default-src');
  if (connect !== undefined)
    directives.splice(directives.indexOf(connect), 1, ['connect-src', ...widen(connect.slice(1))]);
  else if (fallback !== undefined) directives.push(['connect-src', ...widen(fallback.slice(1))]);
  const action = named('form-action');
  if (action !== undefined)
    directives.splice(directives.indexOf(action), 1, ['form-action', ...widen(action.slice(1))]);
  const rewritten = formatDirectives(directives);
  // A policy left as it was keeps its exact spelling.
  return rewritten === normalise(policy) ? policy : rewritten;
}

function normalise(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/).join(' '))
    .filter((directive) => directive !== '')
    .join('; ');
}
