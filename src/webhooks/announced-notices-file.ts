import type { WriteFence } from '../io/write-fence.js';
import { announcedRecordFile } from './announced-record-file.js';
import type { AnnouncedNotices } from './decide-notice-events.js';

/** The file's name in the state directory. */
export const ANNOUNCED_NOTICES_FILE = 'announced-notices.json';

const file = announcedRecordFile('notices', 'starting from the notices as published');

/**
 * What was last announced; `undefined` when the file does not exist (a first
 * run) or cannot be used, in which case the caller takes the notices as
 * they are as the starting point rather than announcing all of them again.
 */
export function readAnnouncedNotices(
  path: string,
  onProblem: (line: string) => void,
): Promise<AnnouncedNotices | undefined> {
  return file.read(path, onProblem);
}

/** Replaces the file atomically, asking `fence` (the writer lock's lease) just before (`writeAtomically`). */
export function writeAnnouncedNotices(path: string, notices: AnnouncedNotices, fence?: WriteFence): Promise<void> {
  return file.write(path, notices, fence);
}
