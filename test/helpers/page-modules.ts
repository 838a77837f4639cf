import { copyFile, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderSharedModule } from '../../src/site/render-shared-module.js';
import { makeTempDir } from './temp-dirs.js';

/**
 * The status page's own ES modules (public/status-page.*.js), as a browser
 * gets them, for the page's pure parts to be tested in Node: copied into a
 * temp dir beside the shared module the build generates, with `replace`d
 * files (a catalogue lacking a key, say) written over them. Import only
 * modules that touch no DOM when loaded.
 */
export interface PageModules {
  import<T>(file: string): Promise<T>;
  remove(): Promise<void>;
}

export async function preparePageModules(replace: Readonly<Record<string, string>> = {}): Promise<PageModules> {
  const { dir, remove } = await makeTempDir({ prefix: 'status-page-modules-' });
  const source = resolve('public');
  for (const file of await readdir(source)) {
    if (/^status-page\..+\.js$/.test(file) && file !== 'status-page.shared.js') {
      await copyFile(join(source, file), join(dir, file));
    }
  }
  await writeFile(join(dir, 'status-page.shared.js'), renderSharedModule());
  for (const [file, contents] of Object.entries(replace)) await writeFile(join(dir, file), contents);
  return {
    import: (file) => import(pathToFileURL(join(dir, file)).href),
    remove,
  };
}
