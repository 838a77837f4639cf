import { mkdir, readFile, rm, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { documentFile } from '../api-paths.js';
import { WriterFencedError } from '../errors/writer-fenced-error.js';
import { displayPath } from '../io/display-path.js';
import { writeAtomically } from '../io/write-atomically.js';
import { checkFence, type WriteFence } from '../io/write-fence.js';
import { compressBody } from './compress-body.js';
import {
  isWorthPrecompressing,
  MIN_PRECOMPRESS_BYTES,
  SIBLING_KINDS,
  type SiblingKind,
} from './precompressed-siblings.js';

const decode = { gzip: promisify(gunzip), br: promisify(brotliDecompress) };

/**
 * What this process already knows of the files it writes, so that a file
 * rewritten every cycle costs its write and no more. `withoutSiblings`: the
 * files whose siblings it removed and has given none since. Without
 * `precompress`, their siblings are removed at a file's first write (those a
 * `--precompress` run left behind, or a file grown under the floor), not
 * once more every write: 2,000 failed unlinks a cycle at 1,000 components.
 * `madeDirectories`: the directories it made or found, so that a write is
 * not also a `mkdir` (one made again if it was removed meanwhile).
 */
const withoutSiblings = new Set<string>();
const madeDirectories = new Set<string>();

export interface PublicFileOptions {
  /**
   * `--precompress`: give the file `.gz` and `.br` siblings for static hosts
   * (nginx `gzip_static`, `brotli_static`). Off, any sibling it had is removed.
   */
  readonly precompress: boolean;
  /**
   * Flush the file to disk before it replaces the old one (the default). The
   * probe turns it off for every file but the status: each is written again
   * at its first cycle after a start (what a power cut is followed by) and
   * the ones that change, every cycle, so a file a power cut empties is
   * repaired at once (`writeAtomically`'s `sync`).
   */
  readonly sync?: boolean;
  /** Asked before each file and sibling is replaced or removed (`WriteFence`); see `writeAtomically`. */
  readonly fence?: WriteFence | undefined;
}

/**
 * Writes a file that clients read, at `urlPath` under `publicDir`: creates
 * its directory and replaces it atomically, its precompressed siblings first.
 * nginx's `gzip_static` takes `FILE.gz` whenever it exists, without comparing
 * it with `FILE`, so a reader must never find a sibling older than the file:
 * the siblings are replaced (each atomically) before the file, so that while
 * the old file is still served a sibling is at worst newer, never older. A
 * sibling that cannot be written is removed before the file is replaced, and
 * if even that fails this throws with the file left as it was. A sibling that
 * already decodes to `contents` is kept as it is (compressing costs far more
 * than checking), so unchanged bytes cost no compression; a file under
 * `MIN_PRECOMPRESS_BYTES`, and every file when `precompress` is off, get
 * none and lose any they had. A file not worth compressing (`_headers`, an
 * image) is only written. Returns the file's path.
 */
export async function writePublicFile(
  publicDir: string,
  urlPath: `/${string}`,
  contents: string | Uint8Array,
  options: PublicFileOptions,
): Promise<string> {
  const file = documentFile(publicDir, urlPath);
  // As bytes only where siblings are made from them: a string is written as it is.
  const bytes = options.precompress && isWorthPrecompressing(urlPath) ? Buffer.from(contents) : contents;
  const directory = dirname(file);
  const write = async () => {
    await updateSiblings(file, urlPath, bytes, options);
    await writeAtomically(file, bytes, { sync: options.sync ?? true, fence: options.fence });
  };
  if (!madeDirectories.has(directory)) await mkdir(directory, { recursive: true });
  try {
    await write();
  } catch (error) {
    // The directory went away since this process made it: made again, and the write done again, once.
    if (!isMissing(error) || !madeDirectories.delete(directory)) throw error;
    await mkdir(directory, { recursive: true });
    await write();
  }
  madeDirectories.add(directory);
  return file;
}

/**
 * Brings the siblings of a file this program does not write (the page's own
 * scripts and styles) in line with its bytes as they are now, by the same
 * rules as `writePublicFile`. A missing file loses its siblings. Returns the
 * file's path.
 */
export async function updatePublicFileSiblings(
  publicDir: string,
  urlPath: `/${string}`,
  options: PublicFileOptions,
): Promise<string> {
  const file = documentFile(publicDir, urlPath);
  const bytes = await readFile(file).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (bytes === undefined) await removeSiblings(file, options.fence);
  else await updateSiblings(file, urlPath, bytes, options);
  return file;
}

/** Removes a public file and its siblings, the siblings first: `gzip_static` would serve an orphaned `.gz`. */
export async function removePublicFile(publicDir: string, urlPath: `/${string}`, fence?: WriteFence): Promise<void> {
  const file = documentFile(publicDir, urlPath);
  await removeSiblings(file, fence);
  checkFence(fence, () => displayPath(file));
  await rm(file, { force: true });
}

async function updateSiblings(
  file: string,
  urlPath: string,
  contents: string | Uint8Array,
  { precompress, fence }: PublicFileOptions,
): Promise<void> {
  if (!isWorthPrecompressing(urlPath)) return;
  const bytes = !precompress ? undefined : Buffer.isBuffer(contents) ? contents : Buffer.from(contents);
  if (bytes === undefined || bytes.length < MIN_PRECOMPRESS_BYTES) {
    if (!withoutSiblings.has(file)) await removeSiblings(file, fence);
    return;
  }
  withoutSiblings.delete(file);
  // gzip first, whose trailer tells most changes without decoding; the siblings are written
  // together, so once one is stale the rest are taken as stale too, undecoded.
  const stale: SiblingKind[] = [];
  for (const kind of SIBLING_KINDS) {
    if (stale.length > 0 || !(await siblingHolds(`${file}${kind.suffix}`, kind, bytes))) stale.push(kind);
  }
  if (stale.length === 0) return;
  const forms = await compressBody(bytes);
  for (const kind of stale) {
    const sibling = `${file}${kind.suffix}`;
    const form = forms[kind.coding];
    // A form no smaller than the file is not worth a sibling; the host sends the file.
    if (form === undefined) await removeIfThere(sibling, fence);
    // If this removal fails too, it throws: the file must then stay as it was. A writer fenced off leaves it be.
    else
      await writeAtomically(sibling, form, { fence }).catch((error: unknown) => {
        if (error instanceof WriterFencedError) throw error;
        return removeIfThere(sibling, fence);
      });
  }
}

/** Whether `sibling` exists and decodes to exactly `bytes`. */
async function siblingHolds(sibling: string, kind: SiblingKind, bytes: Buffer): Promise<boolean> {
  const stored = await readFile(sibling).catch(() => undefined);
  if (stored === undefined) return false;
  // gzip's trailer holds the length modulo 2^32: most changed files are told apart without decoding.
  if (kind.coding === 'gzip' && (stored.length < 18 || stored.readUInt32LE(stored.length - 4) !== bytes.length >>> 0)) {
    return false;
  }
  const decoded = await decode[kind.coding](stored).catch(() => undefined);
  return decoded?.equals(bytes) === true;
}

async function removeSiblings(file: string, fence: WriteFence | undefined): Promise<void> {
  for (const { suffix } of SIBLING_KINDS) await removeIfThere(`${file}${suffix}`, fence);
  withoutSiblings.add(file);
}

/**
 * Removes a file that is most often not there: one `unlink`, where `rm`'s
 * `force` looks first and costs about 5 KB of garbage a call (200 MB and
 * seconds of system time for the first cycle's 40,000 at 10,000 components).
 */
async function removeIfThere(file: string, fence: WriteFence | undefined): Promise<void> {
  checkFence(fence, () => displayPath(file));
  await unlink(file).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
  });
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
