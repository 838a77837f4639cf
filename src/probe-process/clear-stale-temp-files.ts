import { describeIoError } from '../errors/describe-error.js';
import { displayPath } from '../io/display-path.js';
import { removeStaleTempFiles } from '../io/remove-stale-temp-files.js';
import type { ProbeLog } from '../log/probe-log.js';
import { type PublicDirWriter, siblingPathsOf } from '../public-dir/public-dir-writer.js';
import type { OwnedFiles } from '../publish-steps/publish-step.js';

/**
 * Clears the temp files a killed writer left beside every file the probe
 * replaces (`owned`: its own and each publish step's), beside their
 * precompressed siblings and the state file, and anywhere under the
 * directories it alone writes; logs what it removed and what it could not
 * read, and never throws.
 */
export async function clearStaleTempFiles(
  publicDir: PublicDirWriter,
  owned: readonly OwnedFiles[],
  stateFile: string,
  log: ProbeLog,
): Promise<void> {
  const paths = owned.flatMap((files) => files.paths ?? []);
  const beside = [
    ...paths.map((path) => ({ file: publicDir.fileOf(path), clear: () => publicDir.removeStaleTempFiles(path) })),
    ...owned
      .flatMap((files) => files.stateFiles ?? [])
      .map((file) => ({ file, clear: () => removeStaleTempFiles(file) })),
    // A sibling's temp files are named after the sibling (`.status.gz.PID.HEX.tmp`).
    ...paths.flatMap(siblingPathsOf).map((path) => ({
      file: publicDir.fileOf(path),
      clear: () => publicDir.removeStaleTempFiles(path),
    })),
    { file: stateFile, clear: () => removeStaleTempFiles(stateFile) },
  ];
  for (const { file, clear } of beside) {
    const removed = await clear().catch((error: unknown) => {
      log.error(`could not clear stale temp files next to ${displayPath(file)}: ${describeIoError(error)}`);
      return [];
    });
    if (removed.length > 0) log.info(`removed ${removed.length} stale temp file(s) next to ${displayPath(file)}`);
  }
  // The detail documents, the badges and Statuspage's documents: every file under them, whatever its name.
  for (const path of owned.flatMap((files) => files.directories ?? [])) {
    const dir = publicDir.fileOf(path);
    const removed = await publicDir.removeStaleTempFiles(path, 'under').catch((error: unknown) => {
      log.error(`could not clear stale temp files under ${displayPath(dir)}: ${describeIoError(error)}`);
      return [];
    });
    if (removed.length > 0) log.info(`removed ${removed.length} stale temp file(s) under ${displayPath(dir)}`);
  }
}
