import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { errorMessage } from '../errors/describe-error.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { writeAtomically } from '../io/write-atomically.js';
import type { WriteFence } from '../io/write-fence.js';
import type { AnnouncedUpcoming } from './decide-upcoming-events.js';

/** The file's name in the state directory: the maintenance windows already reminded of. */
export const ANNOUNCED_UPCOMING_FILE = 'announced-upcoming.json';

const AnnouncedUpcomingFileSchema = z.strictObject({
  version: z.literal(1),
  windows: z.record(z.string(), z.string()),
});

/**
 * The windows reminded of; none when the file does not exist. A file that
 * cannot be used is logged and read as none: a reminder sent twice is
 * better than one never sent.
 */
export async function readAnnouncedUpcoming(
  file: string,
  onProblem: (line: string) => void,
): Promise<AnnouncedUpcoming> {
  try {
    return (await readOptionalDocument(file, AnnouncedUpcomingFileSchema))?.windows ?? {};
  } catch (error) {
    onProblem(`webhooks: ${errorMessage(error)}; reminding of every window due`);
    return {};
  }
}

/** Replaces the file atomically, asking `fence` (the writer lock's lease) just before (`writeAtomically`). */
export async function writeAnnouncedUpcoming(
  file: string,
  windows: AnnouncedUpcoming,
  fence?: WriteFence,
): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeAtomically(file, `${JSON.stringify({ version: 1, windows })}\n`, { fence });
}
