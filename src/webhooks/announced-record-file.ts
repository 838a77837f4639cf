import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { errorMessage } from '../errors/describe-error.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { writeAtomically } from '../io/write-atomically.js';
import type { WriteFence } from '../io/write-fence.js';

/** A file of the state directory remembering what the webhooks announced: `{"version":1,"<field>":{key: value}}`. */
export interface AnnouncedRecordFile {
  /** The record; `undefined` when the file does not exist, or cannot be used (logged with `whenUnusable`). */
  read(file: string, onProblem: (line: string) => void): Promise<Readonly<Record<string, string>> | undefined>;
  /** Replaces the file atomically, asking `fence` (the writer lock's lease) just before (`writeAtomically`). */
  write(file: string, record: Readonly<Record<string, string>>, fence?: WriteFence): Promise<void>;
}

/**
 * One shape for the files in which the webhooks remember what they
 * announced (the notices, the maintenance reminders): a version and one
 * record of strings under `field`. `whenUnusable` says, in the log line of a
 * file that cannot be used, what the caller does instead.
 */
export function announcedRecordFile(field: string, whenUnusable: string): AnnouncedRecordFile {
  const schema = z.strictObject({ version: z.literal(1), [field]: z.record(z.string(), z.string()) });
  return {
    async read(file, onProblem) {
      try {
        const document = await readOptionalDocument(file, schema);
        return document === undefined ? undefined : z.record(z.string(), z.string()).parse(document[field]);
      } catch (error) {
        onProblem(`webhooks: ${errorMessage(error)}; ${whenUnusable}`);
        return undefined;
      }
    },
    async write(file, record, fence) {
      await mkdir(dirname(file), { recursive: true });
      await writeAtomically(file, `${JSON.stringify({ version: 1, [field]: record })}\n`, { fence });
    },
  };
}
