import { FEED_EXTENSION } from '../api-paths.js';
import { createFileSetPublisher } from '../public-dir/file-set-publisher.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import { publishOnSourceChange } from '../public-dir/publish-on-source-change.js';
import { type FeedScope, SCOPED_FEED_DIRECTORIES } from './feed-scopes.js';
import { type FeedInput, renderFeed } from './render-feed.js';
import { renderScopedFeeds } from './render-scoped-feeds.js';

/**
 * Writes the feed of each component and group from what the site's feed is
 * rendered from, and the site feed's bytes when the caller has just rendered
 * them (rendered here otherwise); returns the files written.
 */
export type ScopedFeedsPublisher = (input: FeedInput, siteFeed?: string) => Promise<string[]>;

/**
 * The publisher of `/feeds/components/{slug}.atom` and
 * `/feeds/groups/{slug}.atom` for `scopes` (`listFeedScopes`): one set of
 * files (`createFileSetPublisher`), each written when its bytes change, and
 * the feeds of components and groups no longer configured removed. Every
 * entry of theirs is one of the site feed's, so while the site feed's bytes
 * are those they were last written from, none of the 1,000 feeds of a large
 * platform is even rendered. Throws on a failed write, which is then tried
 * again next time; the caller logs it.
 */
export function createScopedFeedsPublisher(
  publicDir: PublicDirWriter,
  scopes: readonly FeedScope[],
): ScopedFeedsPublisher {
  const publish = createFileSetPublisher(publicDir, {
    directories: SCOPED_FEED_DIRECTORIES,
    extension: FEED_EXTENSION,
  });
  return publishOnSourceChange(
    (input: FeedInput, siteFeed?: string) => siteFeed ?? renderFeed(input),
    (input) => publish(renderScopedFeeds(scopes, input)),
  );
}
