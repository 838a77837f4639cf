import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { errorMessage } from '../errors/describe-error.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { writeAtomically } from '../io/write-atomically.js';
import type { WriteFence } from '../io/write-fence.js';
import type { AnnouncedNotices } from './decide-notice-events.js';

/** The file's name in the state directory. */
export const ANNOUNCED_NOTICES_FILE = 'announced-notices.json';

const AnnouncedNoticesFileSchema = z.strictObject({
  version: z.literal(1),
  notices: z.record(z.string(), z.string()),
});

/**
 * What was last announced; `undefined` when the file does not exist (a first
 * run) or cannot be used, in which case the caller takes the notices as
 * they are as the starting point rather than announcing all of them again.
 */
export async function readAnnouncedNotices(
  file: string,
  onProblem: (line: string) => void,
): Promise<AnnouncedNotices | undefined> {
  try {
    return (await readOptionalDocument(file, AnnouncedNoticesFileSchema))?.notices;
  } catch (error) {
    onProblem(`webhooks: ${errorMessage(error)}; starting from the notices as published`);
    return undefined;
  }
}

/** Replaces the file atomically, asking `fence` (the writer lock's lease) just before (`writeAtomically`). */
export async function writeAnnouncedNotices(
  file: string,
  notices: AnnouncedNotices,
  fence?: WriteFence,
): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeAtomically(file, `${JSON.stringify({ version: 1, notices })}\n`, { fence });
}
