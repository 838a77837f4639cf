import type { WriteFence } from '../io/write-fence.js';
import { announcedRecordFile } from './announced-record-file.js';
import type { AnnouncedUpcoming } from './decide-upcoming-events.js';

/** The file's name in the state directory: the maintenance windows already reminded of. */
export const ANNOUNCED_UPCOMING_FILE = 'announced-upcoming.json';

const file = announcedRecordFile('windows', 'reminding of every window due');

/**
 * The windows reminded of; none when the file does not exist or cannot be
 * used (logged): a reminder sent twice is better than one never sent.
 */
export async function readAnnouncedUpcoming(
  path: string,
  onProblem: (line: string) => void,
): Promise<AnnouncedUpcoming> {
  return (await file.read(path, onProblem)) ?? {};
}

/** Replaces the file atomically, asking `fence` (the writer lock's lease) just before (`writeAtomically`). */
export function writeAnnouncedUpcoming(path: string, windows: AnnouncedUpcoming, fence?: WriteFence): Promise<void> {
  return file.write(path, windows, fence);
}
