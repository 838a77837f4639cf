import { NOTICES_PATH } from '../api-paths.js';
import { renderNoticesWithin } from '../notices/fit-notices.js';
import { publishDocumentStep } from './publish-document-step.js';
import type { PublishStep, StepParts } from './publish-step.js';

/**
 * Writes `/api/v1/notices` from the notices the cycle applied: the probe
 * that holds the writer lock publishes the team's notices file with the
 * status that applies it, so the two never disagree: every open notice,
 * and the closed ones that fit within the server's cap, the oldest left out
 * first. Left as it was while the notices cannot be read.
 */
export function publishNoticesStep(parts: StepParts): PublishStep {
  return publishDocumentStep(parts, {
    name: 'notices',
    path: NOTICES_PATH,
    render: ({ notices }) => (notices === undefined ? undefined : renderNoticesWithin(notices)),
  });
}
