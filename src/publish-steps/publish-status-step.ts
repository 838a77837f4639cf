import { STATUS_PATH } from '../api-paths.js';
import { serializeStatus } from '../cycle/render-status.js';
import { createConditionLog } from '../log/condition-log.js';
import type { CycleToPublish, PublishStep, StepParts } from './publish-step.js';
import { writeDocumentWatched } from './write-document-watched.js';

/**
 * Writes `/api/v1/status`, first of all and required: a cycle whose status
 * is not written is not published (`write_failed`). Flushed before it
 * replaces the old one: the v1 contract's document, which a power cut must
 * not leave empty while the probe cannot publish again (offline). Every
 * other file is written again at the first cycle.
 */
export function publishStatusStep({ publicDir, log, now }: StepParts): PublishStep<CycleToPublish> {
  const condition = createConditionLog({ log, now });
  return {
    name: 'status',
    owns: { paths: [STATUS_PATH] },
    required: true,
    async run({ status }) {
      const written = await writeDocumentWatched(publicDir, STATUS_PATH, serializeStatus(status), {
        condition,
        sync: true,
      });
      if (!written) throw new Error(`${STATUS_PATH} not written`);
      return undefined;
    },
  };
}
