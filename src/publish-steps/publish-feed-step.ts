import { FEED_PATH } from '../api-paths.js';
import { publishFeed } from '../feed/publish-feed.js';
import type { PublishStep, StepParts } from './publish-step.js';

/**
 * Renders `/feed.atom` again from the notices the cycle applied and the
 * incidents the history just wrote, its links absolute under `publicUrl`
 * (`public_url`); written when its bytes change, left as it was while the
 * notices cannot be read.
 */
export function publishFeedStep({ publicDir }: StepParts, publicUrl: string | undefined): PublishStep {
  return {
    name: 'feed',
    owns: { paths: [FEED_PATH] },
    failed: 'not written',
    async run({ history, notices }) {
      if (notices === undefined) return undefined;
      await publishFeed({ publicDir, publicUrl, notices, incidents: history()?.incidents });
      return undefined;
    },
  };
}
