import { API_DOCUMENTS, MAX_API_DOCUMENT_BYTES } from '../api-documents.js';
import { NOTICES_PATH } from '../api-paths.js';
import { errorMessage } from '../errors/describe-error.js';
import { renderNotices } from '../notices/render-notices.js';
import type { PublishStep, StepParts } from './publish-step.js';

const MAX_NOTICES_BYTES = API_DOCUMENTS.find((row) => row.path === NOTICES_PATH)?.maxBytes ?? MAX_API_DOCUMENT_BYTES;

/**
 * Writes `/api/v1/notices` from the notices the cycle applied, when its
 * bytes change: the probe that holds the writer lock publishes the team's
 * notices file with the status that applies it, so the two never disagree.
 * Left as it was while the notices cannot be read, or when they outgrow
 * what the server takes.
 */
export function publishNoticesStep({ publicDir, log }: StepParts): PublishStep {
  let lastWritten: string | undefined;
  return {
    name: 'notices',
    owns: { paths: [NOTICES_PATH] },
    async run({ notices }) {
      if (notices === undefined) return undefined;
      const body = renderNotices(notices);
      if (body === lastWritten) return undefined;
      const bytes = Buffer.byteLength(body);
      if (bytes > MAX_NOTICES_BYTES) {
        log.error(`notices not written: ${bytes} bytes, more than the ${MAX_NOTICES_BYTES} the server takes`);
        return undefined;
      }
      await publicDir.write(NOTICES_PATH, body).then(
        () => {
          lastWritten = body;
        },
        (error: unknown) => log.error(`notices not written: ${errorMessage(error)}`),
      );
      return undefined;
    },
  };
}
