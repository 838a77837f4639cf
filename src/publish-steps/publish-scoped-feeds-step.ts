import { FEEDS_PATH } from '../api-paths.js';
import type { FeedScope } from '../feed/feed-scopes.js';
import { readFeedInput } from '../feed/publish-feed.js';
import { createScopedFeedsPublisher } from '../feed/publish-scoped-feeds.js';
import type { PublishStep, StepParts } from './publish-step.js';

export interface ScopedFeedsSources {
  /** `public_url`: the feeds' links are absolute under it. */
  readonly publicUrl: string | undefined;
  /** The configured components and groups, each of which gets a feed (`listFeedScopes`). */
  readonly scopes: readonly FeedScope[];
}

/**
 * Writes the feed of each component and group under `/feeds/` from what
 * `/feed.atom` is rendered from (the notices the cycle applied, and the
 * incidents the history just wrote), each when its bytes change (`createScopedFeedsPublisher`).
 */
export function publishScopedFeedsStep(
  { publicDir }: StepParts,
  { publicUrl, scopes }: ScopedFeedsSources,
): PublishStep {
  const publish = createScopedFeedsPublisher(publicDir, scopes);
  return {
    name: 'feeds of components and groups',
    owns: { directories: [FEEDS_PATH] },
    failed: 'not written',
    async run({ history, notices }) {
      // Left as they are while the notices cannot be read, as `/feed.atom` is.
      if (notices === undefined) return undefined;
      await publish(await readFeedInput({ publicDir, publicUrl, notices, incidents: history()?.incidents }));
      return undefined;
    },
  };
}
