import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { errorMessage } from '../errors/describe-error.js';
import { displayPath } from '../io/display-path.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { writeAtomically } from '../io/write-atomically.js';
import type { WriteFence } from '../io/write-fence.js';
import { EMPTY_WEBHOOK_QUEUE, type WebhookQueue, WebhookQueueSchema } from './webhook-queue.js';

/** The queue file's name in the state directory. */
export const WEBHOOK_QUEUE_FILE = 'webhook-queue.json';

/**
 * Reads the queue. Missing is empty. A file that is not a valid queue is
 * moved aside (`.bad`), reported, and replaced by an empty queue: the probe
 * must keep running, and the bad file is kept for a person to look at.
 */
export async function readWebhookQueue(file: string, onProblem: (line: string) => void): Promise<WebhookQueue> {
  try {
    return (await readOptionalDocument(file, WebhookQueueSchema)) ?? EMPTY_WEBHOOK_QUEUE;
  } catch (error) {
    const aside = `${file}.bad`;
    await rename(file, aside).catch(() => undefined);
    onProblem(`webhook queue set aside as ${displayPath(aside)}: ${errorMessage(error)}`);
    return EMPTY_WEBHOOK_QUEUE;
  }
}

/** Replaces the queue file atomically, asking `fence` (the writer lock's lease) just before (`writeAtomically`). */
export async function writeWebhookQueue(file: string, queue: WebhookQueue, fence?: WriteFence): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeAtomically(file, `${JSON.stringify(queue)}\n`, { fence });
}
