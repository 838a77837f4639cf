import { FEED_PATH, NOTICES_PATH } from '../api-paths.js';
import { type FeedInput, renderFeed } from '../feed/render-feed.js';
import { renderNoticesWithin } from './fit-notices.js';

/** A document the notices are published as: its path under the public directory, and its bytes. */
export interface NoticeDocument {
  readonly path: `/${string}`;
  readonly contents: string;
}

/** The notices as published: what the build, the `notice` command and the probe all write. */
export interface NoticeDocuments {
  /** `/api/v1/notices` and `/feed.atom`. */
  readonly files: readonly NoticeDocument[];
  /** What the feed of each component and group is rendered from (`createScopedFeedsPublisher`), with the site feed's bytes. */
  readonly feedInput: FeedInput;
  readonly siteFeed: string;
}

/**
 * The one rendering of the notice documents from the notices to publish,
 * the probe's incidents (when it has published them) and `public_url`:
 * `/api/v1/notices` (`renderNoticesWithin`: every open notice, closed ones
 * as the server's cap allows) and `/feed.atom` (`renderFeed`),
 * whose entries the feeds of components and groups repeat. Pure: same input,
 * same bytes. The probe publishes the same two from each cycle, each in its
 * step of the cycle, with the same two renderers.
 */
export function renderNoticeDocuments(feedInput: FeedInput): NoticeDocuments {
  const siteFeed = renderFeed(feedInput);
  return {
    files: [
      { path: NOTICES_PATH, contents: renderNoticesWithin(feedInput.notices) },
      { path: FEED_PATH, contents: siteFeed },
    ],
    feedInput,
    siteFeed,
  };
}
