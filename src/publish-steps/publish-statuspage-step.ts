import { STATUSPAGE_DIRECTORY_PATH } from '../api-paths.js';
import { errorMessage } from '../errors/describe-error.js';
import { publishStatuspage } from '../statuspage/publish-statuspage.js';
import type { StatuspageSettings } from '../statuspage/statuspage-settings.js';
import type { PublishStep, StepParts } from './publish-step.js';

/**
 * Renders Statuspage's eight documents under `/api/v2/` from the status just
 * published, the notices it applied and the history just written; written
 * when what they show changes.
 */
export function publishStatuspageStep({ publicDir, log }: StepParts, settings: StatuspageSettings): PublishStep {
  // The time the page last changed, which its documents carry: a rendering decision, not a memo of bytes.
  let pageUpdatedAt: string | undefined;
  return {
    name: 'Statuspage documents',
    owns: { directories: [STATUSPAGE_DIRECTORY_PATH] },
    async run({ status, history, notices }) {
      // Judged at the cycle's own time, so the documents agree with the status they embed.
      const now = new Date(status.updated_at);
      await publishStatuspage({
        publicDir,
        settings,
        status,
        notices: notices ?? [],
        now,
        history: history(),
        pageUpdatedAt,
      }).then(
        (written) => {
          pageUpdatedAt = written.pageUpdatedAt;
        },
        (error: unknown) => {
          // Some of the eight may be new and some old: all are written again next cycle.
          pageUpdatedAt = undefined;
          log.error(`Statuspage documents not written: ${errorMessage(error)}`);
        },
      );
      return undefined;
    },
  };
}
