import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { maxBytesOf } from '../api-documents.js';
import { NOTICES_PATH } from '../api-paths.js';
import { InputError } from '../errors/input-error.js';
import { displayPath } from '../io/display-path.js';
import { parseDocument } from '../io/parse-document.js';
import { withFileLock } from '../io/with-file-lock.js';
import { writeAtomically } from '../io/write-atomically.js';
import type { ComponentsConfig } from '../schemas/components-config.js';
import type { WrittenNotice } from '../schemas/notice.js';
import type { CommandResult } from './apply-notice-command.js';
import { fitNotices } from './fit-notices.js';
import { noticesFileSchemaFor } from './notices-file-rules.js';
import { describeOpenPastCap, readWrittenNotices } from './read-notices.js';
import { orderFields } from './render-notices.js';

const MAX_NOTICES_BYTES = maxBytesOf(NOTICES_PATH);

export interface EditNoticesOptions {
  /** `data/notices.json`; created when missing. */
  readonly noticesFile: string;
  /** `data/components.json`, as errors name it. */
  readonly componentsFile: string;
  /** That file as the command read it (`readNoticesConfig`): the names a notice may affect. */
  readonly config: ComponentsConfig | undefined;
}

/** The notices file as it is now, and the names its notices are checked against. */
export interface NoticesOnFile {
  readonly notices: readonly WrittenNotice[];
  readonly componentNames: ReadonlySet<string> | undefined;
}

/**
 * The notices file's bytes: the notices in the file's order, each field in
 * the schema's order (an alert's `opened_by` last), two spaces of indent and
 * a final newline, so that a `git diff` of an edit shows only what the edit
 * changed.
 */
export function serializeNoticesFile(notices: readonly WrittenNotice[]): string {
  return `${JSON.stringify(notices.map(orderWrittenFields), null, 2)}\n`;
}

function orderWrittenFields(notice: WrittenNotice): WrittenNotice {
  const ordered = orderFields(notice);
  if (ordered.kind !== 'incident' || notice.kind !== 'incident' || notice.opened_by === undefined) return ordered;
  const { source, group_key, alerts } = notice.opened_by;
  return { ...ordered, opened_by: { source, group_key, alerts } };
}

/** How long a command waits for the others' edits (each one's publishing included) before giving up, naming the holder. */
const NOTICES_LOCK_WAIT_MS = 30_000;

/** Runs `action` holding the notices file's lock: the edits of commands run at once take turns. */
export function withNoticesLock<T>(noticesFile: string, action: () => Promise<T>): Promise<T> {
  return withFileLock(noticesFile, action, { waitMs: NOTICES_LOCK_WAIT_MS });
}

/**
 * One edit of the notices file, safe with two operators at once when run
 * under `withNoticesLock`: the file is read again and validated, `edit`
 * decides the new notices (throwing `ArgumentError` for bad arguments), the
 * result is validated by the same rules as the build's, and the file is
 * replaced atomically. Any failure leaves the file byte for byte as it was.
 * Returns the result with its notices as the file now reads.
 */
export async function editNoticesFile(
  { noticesFile, componentsFile, config }: EditNoticesOptions,
  edit: (current: NoticesOnFile) => CommandResult,
): Promise<CommandResult> {
  const componentNames = config === undefined ? undefined : new Set(config.components.map(({ name }) => name));
  const notices = await readWrittenNotices(noticesFile, config, componentsFile);
  const result = edit({ notices, componentNames });
  const bytes = serializeNoticesFile(result.notices);
  // The file as it will be read: what the build and the probe would refuse is never written.
  const written = parseDocument(
    displayPath(noticesFile),
    bytes,
    noticesFileSchemaFor(componentNames, displayPath(componentsFile)),
  );
  // Closed notices past the cap are left out as published; open ones never are, so they must fit.
  const fitted = fitNotices(result.notices, MAX_NOTICES_BYTES);
  if ('tooLargeBytes' in fitted) {
    const reason = `${describeOpenPastCap(fitted.tooLargeBytes)}; nothing was written`;
    throw new InputError(displayPath(noticesFile), [{ path: '', reason }]);
  }
  await mkdir(dirname(noticesFile), { recursive: true });
  await writeAtomically(noticesFile, bytes);
  // The notices as a read of the file now gives them, for what is published from it.
  return { ...result, notices: written };
}
