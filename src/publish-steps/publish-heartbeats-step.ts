import { HEARTBEATS_PATH } from '../api-paths.js';
import { renderHeartbeats } from '../heartbeats/render-heartbeats.js';
import { publishDocumentStep } from './publish-document-step.js';
import type { PublishStep, StepParts } from './publish-step.js';

/**
 * Writes `/api/v1/heartbeats` from the cycle's heartbeat checks: an empty
 * list where the config has no heartbeat component, which the page reads as
 * "none" without a 404 in its console.
 */
export function publishHeartbeatsStep(parts: StepParts): PublishStep {
  return publishDocumentStep(parts, {
    name: 'heartbeats',
    path: HEARTBEATS_PATH,
    render: ({ components, status }) => `${JSON.stringify(renderHeartbeats(components, status))}\n`,
  });
}
