import { describeIoError, errorKey } from '../errors/describe-error.js';
import { WriterFencedError } from '../errors/writer-fenced-error.js';
import { displayPath } from '../io/display-path.js';
import type { ConditionLog } from '../log/condition-log.js';
import type { PublicDirWriter, UrlPath } from '../public-dir/public-dir-writer.js';

/**
 * Writes one of the documents every cycle publishes (the status, the
 * observations), its failures a condition logged when it starts, changes
 * and ends rather than every cycle. Returns whether it was written;
 * `WriterFencedError` is thrown on, since it ends the cycle.
 */
export async function writeDocumentWatched(
  publicDir: PublicDirWriter,
  urlPath: UrlPath,
  body: string,
  { condition, sync }: { readonly condition: ConditionLog; readonly sync: boolean },
): Promise<boolean> {
  const file = publicDir.fileOf(urlPath);
  try {
    await publicDir.write(urlPath, body, { sync });
    condition.clear(`writing ${displayPath(file)} again`);
    return true;
  } catch (error) {
    if (error instanceof WriterFencedError) throw error;
    condition.holds(
      errorKey(error),
      `could not write ${displayPath(file)}: ${describeIoError(error)}; the old document is left as it was`,
    );
    return false;
  }
}
