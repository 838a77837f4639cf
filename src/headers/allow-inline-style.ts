import { FORM_PAGE_PATH } from './allow-form-endpoint.js';
import type { HeaderRule } from './headers-config.js';
import { resolveHeaders } from './resolve-headers.js';

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
  const policy = resolveHeaders(rules, FORM_PAGE_PATH).get('content-security-policy');
  if (policy === undefined) return [...rules];
  const opened = addStyleSource(policy.value, hash);
  if (opened === policy.value) return [...rules];
  return [...rules, { source: FORM_PAGE_PATH.slice(1), headers: [{ key: policy.key, value: opened }] }];
}

/**
 * A policy whose `style-src` also allows `source`: added to its sources
 * (replacing `'none'`) unless there already; a missing `style-src` falls back
 * to `default-src`, so it is written out from that one's sources. A policy
 * that already lets any inline style through (`'unsafe-inline'` without a
 * hash, which a hash would turn off) or names it is returned as it is. Pure.
 */
export function addStyleSource(policy: string, source: string): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter((tokens) => tokens[0] !== undefined && tokens[0] !== '');
  const named = (name: string) => directives.find((tokens) => tokens[0]?.toLowerCase() === name);
  const style = named('style-src') ?? named('default-src');
  if (style === undefined) return policy;
  const sources = style.slice(1);
  if (sources.includes(source) || sources.some((each) => each.toLowerCase() === "'unsafe-inline'")) return policy;
  const widened = ['style-src', ...sources.filter((each) => each.toLowerCase() !== "'none'"), source];
  if (style[0]?.toLowerCase() === 'style-src') directives.splice(directives.indexOf(style), 1, widened);
  else directives.push(widened);
  return directives.map((tokens) => tokens.join(' ')).join('; ');
}
