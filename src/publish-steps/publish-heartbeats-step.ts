import { HEARTBEATS_PATH } from '../api-paths.js';
import { errorMessage } from '../errors/describe-error.js';
import { renderHeartbeats } from '../heartbeats/render-heartbeats.js';
import type { PublishStep, StepParts } from './publish-step.js';

/**
 * Writes `/api/v1/heartbeats` from the cycle's heartbeat checks, when its
 * bytes change: an empty list where the config has no heartbeat component,
 * which the page reads as "none" without a 404 in its console.
 */
export function publishHeartbeatsStep({ publicDir, log }: StepParts): PublishStep {
  let lastWritten: string | undefined;
  return {
    name: 'heartbeats',
    owns: { paths: [HEARTBEATS_PATH] },
    async run({ components, status }) {
      const body = `${JSON.stringify(renderHeartbeats(components, status))}\n`;
      if (body === lastWritten) return undefined;
      await publicDir.write(HEARTBEATS_PATH, body).then(
        () => {
          lastWritten = body;
        },
        (error: unknown) => log.error(`heartbeats not written: ${errorMessage(error)}`),
      );
      return undefined;
    },
  };
}
