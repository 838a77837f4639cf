import type { FeedScope } from './feed-scopes.js';
import { assembleFeed, type FeedInput, type RenderedEntry, renderEntries } from './render-feed.js';

/** A feed to publish: where, and its exact bytes. */
export interface ScopedFeed {
  readonly path: `/${string}`;
  readonly contents: string;
}

/** Whether `entry` concerns any of `members`: a notice naming no component concerns every one. */
function concerns(entry: RenderedEntry, members: ReadonlySet<string>): boolean {
  return entry.components.length === 0 || entry.components.some((name) => members.has(name));
}

/**
 * The feed of each of `scopes`: the entries of the site's feed that concern
 * it (its incidents, the notices naming it, and those naming no component),
 * in the same order, each entry rendered once for all the feeds that carry
 * it. So a scoped feed changes only when the site's feed does. Pure.
 */
export function renderScopedFeeds(scopes: readonly FeedScope[], input: FeedInput): ScopedFeed[] {
  const entries = renderEntries(input);
  return scopes.map((scope) => ({
    path: scope.path,
    contents: assembleFeed(
      { path: scope.path, subject: scope.name },
      entries.filter((entry) => concerns(entry, scope.members)),
      input,
    ),
  }));
}
