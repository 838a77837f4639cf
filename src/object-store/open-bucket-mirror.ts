import { join } from 'node:path';
import { HeadersConfigSchema } from '../headers/headers-config.js';
import { readDocument } from '../io/read-document.js';
import type { LineLog } from '../log/line-log.js';
import { parseBucketUrl } from './parse-bucket-url.js';
import { createPublicDirMirror, type PublicDirMirror } from './public-dir-mirror.js';
import { readEndpointEnv } from './read-endpoint-env.js';
import { UPLOAD_MANIFEST_FILE } from './upload-manifest.js';

/** The shortest and longest time a cycle's uploads may take. */
export const MIN_UPLOAD_DEADLINE_MS = 1_000;
export const MAX_UPLOAD_DEADLINE_MS = 60_000;

/**
 * A cycle's uploads get half the schedule's interval, within
 * `MIN_UPLOAD_DEADLINE_MS`..`MAX_UPLOAD_DEADLINE_MS`: the next slot always
 * finds the cycle done, whatever the store does.
 */
export function uploadDeadlineMs(intervalMs: number): number {
  return Math.min(MAX_UPLOAD_DEADLINE_MS, Math.max(MIN_UPLOAD_DEADLINE_MS, Math.floor(intervalMs / 2)));
}

export interface OpenMirrorOptions {
  /** `--publish`: `s3://BUCKET[/PREFIX]`. */
  readonly publishTo: string;
  readonly publicDir: string;
  /** `headers.json`. */
  readonly headersFile: string;
  /** The probe's state directory, for the manifest; left out (the build), every file is uploaded. */
  readonly stateDir?: string;
  readonly deadlineMs: number;
  readonly log: LineLog;
}

/**
 * Everything `--publish` needs, decided before anything runs: the target
 * parsed, `headers.json` read and checked, the SDK client made (it reaches
 * the network only on the first upload). Throws `InputError` for a bad URL,
 * endpoint variable or header file.
 */
export async function openBucketMirror(options: OpenMirrorOptions): Promise<PublicDirMirror> {
  const target = parseBucketUrl(options.publishTo);
  const endpoint = readEndpointEnv();
  const { headers } = await readDocument(options.headersFile, HeadersConfigSchema);
  // The AWS SDK is loaded here, with --publish, and nowhere else.
  const { createS3ObjectStore } = await import('./s3-object-store.js');
  return createPublicDirMirror({
    target,
    publicDir: options.publicDir,
    rules: headers,
    store: createS3ObjectStore(endpoint),
    deadlineMs: options.deadlineMs,
    manifestFile: options.stateDir === undefined ? undefined : join(options.stateDir, UPLOAD_MANIFEST_FILE),
    log: options.log,
  });
}
