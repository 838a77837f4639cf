import { OBSERVATIONS_PATH } from '../api-paths.js';
import { serializeObservations } from '../cycle/render-observations.js';
import { createConditionLog } from '../log/condition-log.js';
import type { CycleToPublish, PublishStep, StepParts } from './publish-step.js';
import { writeDocumentWatched } from './write-document-watched.js';

/**
 * Writes `/api/v1/observations` after the status, which the peers' votes
 * read. Required only against a fence: a failed write leaves the old one to
 * go stale, which the peers then ignore, and the cycle goes on.
 */
export function publishObservationsStep({ publicDir, log, now }: StepParts): PublishStep<CycleToPublish> {
  const condition = createConditionLog({ log, now });
  return {
    name: 'observations',
    owns: { paths: [OBSERVATIONS_PATH] },
    required: true,
    async run({ observations }) {
      await writeDocumentWatched(publicDir, OBSERVATIONS_PATH, serializeObservations(observations), {
        condition,
        sync: false,
      });
      return undefined;
    },
  };
}
