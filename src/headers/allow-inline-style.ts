import type { HeaderRule } from './headers-config.js';
import { formatDirectives, parseDirectives, rewritePagePolicy } from './rewrite-page-policy.js';

/**
 * `headers.json`'s rules with the status page's Content-Security-Policy
 * letting exactly one inline style element through: `hash` (`'sha256-…'`,
 * `styleSourceHash` of the bytes the build inlined) added to `style-src`,
 * one rule appended after the others (after `allowFormEndpoint`'s, when both
 * apply). Without a hash, or where the page has no policy, the rules are
 * returned as they are. Pure; the server, the build's exports and the CDN's
 * list all call it, so they agree.
 */
export function allowInlineStyle(rules: readonly HeaderRule[], hash: string | undefined): HeaderRule[] {
  if (hash === undefined) return [...rules];
  return rewritePagePolicy(rules, (policy) => addStyleSource(policy, hash));
}

/**
 * A policy whose `style-src` also allows `source`: added to its sources
 * (replacing `'none'`) unless there already; a missing `style-src` falls back
 * to `default-src`, so it is written out from that one's sources. A policy
 * that already lets any inline style through (`'unsafe-inline'` without a
 * hash, which a hash would turn off) or names it is returned as it is. Pure.
 */
export function addStyleSource(policy: string, source: string): string {
  const directives = parseDirectives(policy);
  const named = (name: string) => directives.find((tokens) => tokens[0]?.toLowerCase() === name);
  const style = named('style-src') ?? named('default-src');
  if (style === undefined) return policy;
  const sources = style.slice(1);
  if (sources.includes(source) || sources.some((each) => each.toLowerCase() === "'unsafe-inline'")) return policy;
  const widened = ['style-src', ...sources.filter((each) => each.toLowerCase() !== "'none'"), source];
  if (style[0]?.toLowerCase() === 'style-src') directives.splice(directives.indexOf(style), 1, widened);
  else directives.push(widened);
  return formatDirectives(directives);
}
