import { STATUSPAGE_DIRECTORY_PATH } from '../api-paths.js';
import { publishStatuspage } from '../statuspage/publish-statuspage.js';
import type { StatuspageSettings } from '../statuspage/statuspage-settings.js';
import type { PublishStep, StepParts } from './publish-step.js';

/**
 * Renders Statuspage's eight documents under `/api/v2/` from the status just
 * published, the notices it applied and the history just written; written
 * when what they show changes.
 */
export function publishStatuspageStep({ publicDir }: StepParts, settings: StatuspageSettings): PublishStep {
  // The time the page last changed, which its documents carry: a rendering decision, not a memo of bytes.
  let pageUpdatedAt: string | undefined;
  return {
    name: 'Statuspage documents',
    failed: 'not written',
    owns: { directories: [STATUSPAGE_DIRECTORY_PATH] },
    async run({ status, history, notices }) {
      // Judged at the cycle's own time, so the documents agree with the status they embed.
      const now = new Date(status.updated_at);
      const previous = pageUpdatedAt;
      // Some of the eight may be new and some old after a failure: all are written again next cycle.
      pageUpdatedAt = undefined;
      const written = await publishStatuspage({
        publicDir,
        settings,
        status,
        notices: notices ?? [],
        now,
        history: history(),
        pageUpdatedAt: previous,
      });
      pageUpdatedAt = written.pageUpdatedAt;
      return undefined;
    },
  };
}
