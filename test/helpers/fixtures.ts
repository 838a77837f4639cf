import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

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

/**
 * A maker of fresh temp directories, each removed after the test that made it:
 * call at the top of a file or a `describe` (it registers the `afterEach`).
 */
export function tempDirsPerTest(): () => Promise<string> {
  const removals: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const remove of removals.splice(0)) await remove();
  });
  return async () => {
    const { dir, remove } = await makeTempDir();
    removals.push(remove);
    return dir;
  };
}
