import { HEARTBEATS_PATH } from '../api-paths.js';
import { errorMessage } from '../errors/describe-error.js';
import { renderHeartbeats } from '../heartbeats/render-heartbeats.js';
import type { PublishStep, StepParts } from './publish-step.js';

/**
 * Writes `/api/v1/heartbeats` from the cycle's heartbeat checks, when its
 * bytes change; with no heartbeat component in the config, removes one an
 * earlier config left, once, so that the page does not show an old one.
 */
export function publishHeartbeatsStep({ publicDir, log }: StepParts): PublishStep {
  let lastWritten: string | undefined;
  let removed = false;
  return {
    name: 'heartbeats',
    owns: { paths: [HEARTBEATS_PATH] },
    async run({ components, status }) {
      const document = renderHeartbeats(components, status);
      if (document === undefined) {
        if (!removed) {
          await publicDir.remove(HEARTBEATS_PATH).then(
            () => {
              removed = true;
            },
            (error: unknown) => log.error(`heartbeats not removed: ${errorMessage(error)}`),
          );
        }
        return undefined;
      }
      const body = `${JSON.stringify(document)}\n`;
      if (body === lastWritten) return undefined;
      await publicDir.write(HEARTBEATS_PATH, body).then(
        () => {
          lastWritten = body;
          removed = false;
        },
        (error: unknown) => log.error(`heartbeats not written: ${errorMessage(error)}`),
      );
      return undefined;
    },
  };
}
