import { describeNotice } from '../notices/describe-notice.js';
import { readNoticesConfig, readWrittenNotices } from '../notices/read-notices.js';
import type { Notice } from '../schemas/notice.js';

export interface ListNoticesOptions {
  readonly noticesFile: string;
  readonly componentsFile: string;
  /** Only notices of this kind (`maintenance list`); all without. */
  readonly kind?: Notice['kind'] | undefined;
}

/**
 * `notice list`: one line per notice of the file, as written, validated as
 * the build validates it (`describeNotice`). Throws `InputError` for a
 * file the build would refuse.
 */
export async function listNotices({ noticesFile, componentsFile, kind }: ListNoticesOptions): Promise<string[]> {
  const config = await readNoticesConfig(componentsFile, new Date());
  const notices = await readWrittenNotices(noticesFile, config, componentsFile);
  return notices.filter((notice) => kind === undefined || notice.kind === kind).map(describeNotice);
}
