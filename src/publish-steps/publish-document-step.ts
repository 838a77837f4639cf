import { type DocumentPath, maxBytesOf, type TextDocumentPath } from '../api-documents.js';
import type { PublishedCycle, PublishStep, StepParts } from './publish-step.js';

/** One document a step publishes after each cycle: its name in the log, its path, and its bytes. */
export interface DocumentStepSpec {
  readonly name: string;
  readonly path: DocumentPath | TextDocumentPath;
  /** The document's bytes for the cycle; `undefined` leaves the file as it was. */
  render(cycle: PublishedCycle): string | undefined;
}

/**
 * A step that writes one document of the API's table (or of the text documents') from each published
 * cycle, only when its bytes change, and never one larger than the server
 * takes (`maxBytesOf`): it logs that instead, once until the bytes change,
 * leaving the last one served.
 */
export function publishDocumentStep(
  { publicDir, log }: StepParts,
  { name, path, render }: DocumentStepSpec,
): PublishStep {
  const maxBytes = maxBytesOf(path);
  let lastRefused: string | undefined;
  return {
    name,
    owns: { paths: [path] },
    failed: 'not written',
    async run(cycle) {
      const body = render(cycle);
      if (body === undefined || publicDir.holds(path, body)) return undefined;
      const bytes = Buffer.byteLength(body);
      if (bytes > maxBytes) {
        // Once until the bytes change: the same refusal every cycle would bury the log.
        if (body !== lastRefused)
          log.error(`${name} not written: ${bytes} bytes, more than the ${maxBytes} the server takes`);
        lastRefused = body;
        return undefined;
      }
      await publicDir.write(path, body, { ifChanged: true });
      return undefined;
    },
  };
}
