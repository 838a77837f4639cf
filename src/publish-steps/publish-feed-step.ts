import { FEED_PATH } from '../api-paths.js';
import { errorMessage } from '../errors/describe-error.js';
import { publishFeed } from '../feed/publish-feed.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import type { PublishStep } from './publish-step.js';

export interface PublishFeedStepOptions {
  readonly publicDir: PublicDirWriter;
  /** `public_url`, for absolute links. */
  readonly publicUrl: string | undefined;
  readonly log: ProbeLog;
}

/** Renders `/feed.atom` again from the notices and the incidents the history just wrote; written when its bytes change. */
export function publishFeedStep({ publicDir, publicUrl, log }: PublishFeedStepOptions): PublishStep {
  let lastWritten: string | undefined;
  return {
    name: 'feed',
    owns: { paths: [FEED_PATH] },
    async run({ history }) {
      await publishFeed({ publicDir, publicUrl, incidents: history()?.incidents, lastWritten }).then(
        (written) => {
          lastWritten = written;
        },
        (error: unknown) => log.error(`feed not written: ${errorMessage(error)}`),
      );
      return undefined;
    },
  };
}
