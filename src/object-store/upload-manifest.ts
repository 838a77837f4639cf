import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { errorMessage, isErrnoException } from '../errors/describe-error.js';
import { InputError } from '../errors/input-error.js';
import { readDocument } from '../io/read-document.js';
import { writeAtomically } from '../io/write-atomically.js';

/** The manifest's name in the probe's state directory. */
export const UPLOAD_MANIFEST_FILE = 'object-store-manifest.json';

/**
 * What the bucket is known to hold: for each object key, the digest of the
 * bytes and metadata last stored there by this probe. Kept beside the probe
 * state, for one `s3://` target (and endpoint): another target starts empty.
 */
export const UploadManifestSchema = z.strictObject({
  version: z.literal(1),
  target: z.string(),
  /** The custom endpoint (`AWS_ENDPOINT_URL_S3`/`AWS_ENDPOINT_URL`), redacted; empty for AWS itself. */
  endpoint: z.string(),
  objects: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
  /** The last attempt failed: the next success logs that uploads recovered, across `--once` runs too. */
  failing: z.boolean(),
});
export type UploadManifest = z.infer<typeof UploadManifestSchema>;

/** Where the manifest says nothing is known: every file is uploaded. */
export function emptyManifest(target: string, endpoint: string): UploadManifest {
  return { version: 1, target, endpoint, objects: {}, failing: false };
}

/**
 * Reads the manifest for `target` and `endpoint`. Missing, unreadable, of
 * another target or endpoint: an empty one (so everything is uploaded once,
 * which is always safe); anything but a missing file is told to `onProblem`.
 */
export async function readUploadManifest(
  file: string,
  target: string,
  endpoint: string,
  onProblem: (message: string) => void,
): Promise<UploadManifest> {
  try {
    const manifest = await readDocument(file, UploadManifestSchema);
    if (manifest.target === target && manifest.endpoint === endpoint) return manifest;
  } catch (error) {
    const missing = error instanceof InputError && isErrnoException(error.cause) && error.cause.code === 'ENOENT';
    if (!missing) {
      onProblem(`${errorMessage(error)} (uploading every file again)`);
    }
  }
  return emptyManifest(target, endpoint);
}

/** Replaces the manifest atomically, creating its directory. */
export async function writeUploadManifest(file: string, manifest: UploadManifest): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const sorted = Object.fromEntries(Object.entries(manifest.objects).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  await writeAtomically(file, `${JSON.stringify({ ...manifest, objects: sorted }, null, 2)}\n`);
}
