import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { REPO_ROOT } from './temp-site.js';

export { REPO_ROOT };

/** The repository's own files, so tests exercise the real data and rules. */
export const REGIONS_FILE = join(REPO_ROOT, 'data/regions.json');
export const HEADERS_FILE = join(REPO_ROOT, 'headers.json');

/** A fresh directory under the system temp dir, and a function that removes it. */
export async function makeTempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'service-directory-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
