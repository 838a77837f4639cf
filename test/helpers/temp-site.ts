import { cp, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { buildSite } from '../../src/site/build-site.js';
import { makeTempDir } from './temp-dirs.js';

export const REPO_ROOT = new URL('../../', import.meta.url).pathname;

/** A throwaway project directory: a copy of `data/` and `headers.json`, and an empty `public/`. */
export interface TempSite {
  readonly root: string;
  readonly publicDir: string;
  readonly regionsFile: string;
  readonly headersFile: string;
  remove(): Promise<void>;
}

export async function makeTempSite(): Promise<TempSite> {
  const { dir: root, remove } = await makeTempDir();
  await cp(join(REPO_ROOT, 'data'), join(root, 'data'), { recursive: true });
  await cp(join(REPO_ROOT, 'headers.json'), join(root, 'headers.json'));
  await mkdir(join(root, 'public'));
  return {
    root,
    publicDir: join(root, 'public'),
    regionsFile: join(root, 'data', 'regions.json'),
    headersFile: join(root, 'headers.json'),
    remove,
  };
}

/** The build over the site's own data files (regions, notices, components) into its `public/` and `dist-exports/`. */
export function buildTempSite(site: TempSite): ReturnType<typeof buildSite> {
  return buildSite({
    regionsFile: site.regionsFile,
    headersFile: site.headersFile,
    publicDir: site.publicDir,
    noticesFile: join(site.root, 'data', 'notices.json'),
    componentsFile: join(site.root, 'data', 'components.json'),
    exportsDir: join(site.root, 'dist-exports'),
  });
}

/** Every file below `dir` with its bytes, for byte-for-byte before/after comparisons. */
export async function snapshotTree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  async function walk(current: string): Promise<void> {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) await walk(path);
      else {
        // A live tree: a writer's temporary file may be renamed away between the listing and the read.
        const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
        if (bytes !== undefined) out[relative(dir, path)] = bytes.toString('base64');
      }
    }
  }
  if ((await stat(dir).catch(() => undefined))?.isDirectory()) await walk(dir);
  return out;
}
