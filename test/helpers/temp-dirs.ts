import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * The one way the tests make temporary directories. Where one is made:
 * `parent` for a test that needs it somewhere particular (on a tmpfs of its
 * own), the system temp directory by default; `prefix` names it, so that one
 * left behind says which test made it.
 */
export interface TempDirOptions {
  readonly parent?: string;
  readonly prefix?: string;
}

/** A temporary directory and the function that removes it with everything in it. */
export interface TempDir {
  readonly dir: string;
  remove(): Promise<void>;
}

/**
 * A fresh directory that the caller removes (`remove`), for one that outlives
 * a test: made in a `beforeAll`, removed in its `afterAll`. Within a test,
 * prefer `tempDirsPerTest`.
 */
export async function makeTempDir({
  parent = tmpdir(),
  prefix = 'service-directory-',
}: TempDirOptions = {}): Promise<TempDir> {
  const dir = await mkdtemp(join(parent, prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A maker of fresh temp directories, each removed after the test (or the
 * `beforeEach`) that made it. Call it at the top of a file or a `describe`,
 * before the hooks that close what writes into them: it registers its
 * `afterEach` there, and vitest runs after-hooks last registered first.
 */
export function tempDirsPerTest(defaults: TempDirOptions = {}): (options?: TempDirOptions) => Promise<string> {
  const removals: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const remove of removals.splice(0)) await remove();
  });
  return async (options = {}) => {
    const { dir, remove } = await makeTempDir({ ...defaults, ...options });
    removals.push(remove);
    return dir;
  };
}
