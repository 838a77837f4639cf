import { randomBytes } from 'node:crypto';
import { link, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isErrnoException } from '../errors/describe-error.js';

/**
 * Creates `file` with `contents` unless it exists, and says whether it did:
 * a complete temp file hard-linked into place, so that no one ever reads a
 * partly written lock, and of two creators exactly one succeeds. The temp
 * file is named as `writeAtomically` names its own (`.name.<pid>.<hex>.tmp`),
 * so that `removeStaleTempFiles` finds one a killed creator left.
 */
export async function createExclusively(file: string, contents: string): Promise<boolean> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  await writeFile(temp, contents, { flag: 'wx' });
  try {
    await link(temp, file);
    return true;
  } catch (error) {
    if (isErrnoException(error) && error.code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}
