import { LLMS_TXT_PATH } from '../api-paths.js';
import { type LlmsTxtInput, renderLlmsTxt } from '../markdown/render-llms-txt.js';
import { publishDocumentStep } from './publish-document-step.js';
import type { PublishStep, StepParts } from './publish-step.js';

/**
 * Writes `/llms.txt` from the probe's config, as the build does: the same
 * bytes for the same config, so it is written at the first cycle and again
 * only when a restart brings a changed config.
 */
export function publishLlmsTxtStep(parts: StepParts, input: LlmsTxtInput): PublishStep {
  const text = renderLlmsTxt(input);
  return publishDocumentStep(parts, { name: 'llms.txt', path: LLMS_TXT_PATH, render: () => text });
}
