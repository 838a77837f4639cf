import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import { bundlePage, PAGE_BUNDLE_PATH } from '../../../src/site/bundle-page.js';
import { renderSharedModule, SHARED_MODULE_PATH } from '../../../src/site/render-shared-module.js';
import { copyPageFiles } from '../../helpers/page-files.js';
import { makeTempDir, type TempDir } from '../../helpers/temp-dirs.js';

const SHARED = [{ path: SHARED_MODULE_PATH, contents: renderSharedModule() }] as const;

/** The names a minified bundle exports (`export{a as b,…}`), and those a lazy one imports from the page's bundle. */
function exportedNames(code: string): Set<string> {
  const list = /export\{([^}]*)\}/.exec(code)?.[1] ?? '';
  return new Set(list.split(',').map((each) => each.split(' as ').at(-1)?.trim() ?? ''));
}
function importedFromPage(code: string): string[] {
  return [...code.matchAll(/import\{([^}]*)\}from"\.\/status-page\.js"/g)].flatMap((match) =>
    (match[1] ?? '').split(',').map((each) => each.split(' as ')[0]?.trim() ?? ''),
  );
}

let dir: TempDir | undefined;
afterEach(async () => {
  await dir?.remove();
  dir = undefined;
});

describe('bundlePage (the status page for the browser)', () => {
  it("makes one file of the first render, and of each module loaded on demand one that links to the page's bundle", async () => {
    dir = await makeTempDir({ prefix: 'bundle-page-' });
    await copyPageFiles(dir.dir);
    const files = await bundlePage(dir.dir, SHARED);
    const byPath = new Map(files.map((file) => [file.path, file.contents]));
    const main = byPath.get(PAGE_BUNDLE_PATH) ?? '';
    // Minified, with its source map beside it, which names the modules it was made of.
    expect(main).toMatch(/\n\/\/# sourceMappingURL=status-page\.js\.map\n$/);
    const map = JSON.parse(byPath.get(`${PAGE_BUNDLE_PATH}.map`) ?? '{}');
    // The build's own shared module among them, at the path the build writes it to.
    expect(map.sources).toEqual(
      expect.arrayContaining(['../status-page.js', '../status-page.i18n.js', '../status-page.shared.js']),
    );
    expect(map.sources).not.toContain('../status-page.messages.de.js');
    // Each language and on-demand section its own file, imported by the page's bundle only when wanted.
    for (const lazy of [
      'status-page.messages.de.js',
      'status-page.messages.ar.js',
      'status-page.component-details.js',
    ]) {
      expect(byPath.has(`/bundle/${lazy}`)).toBe(true);
      expect(main).toContain(`import("./${lazy}")`);
    }
    // What a lazy bundle takes from the page's bundle, the page's bundle exports (else the browser refuses to link it).
    const exported = exportedNames(main);
    const imported = files
      .filter((file) => file.path.endsWith('.js') && file.path !== PAGE_BUNDLE_PATH)
      .flatMap((file) => importedFromPage(file.contents));
    expect(imported.length).toBeGreaterThan(10);
    expect(imported.filter((name) => !exported.has(name))).toEqual([]);
    // A lazy bundle does not carry a second copy of the translator's state.
    expect(byPath.get('/bundle/status-page.component-details.js')).not.toContain('Intl.PluralRules');
  });

  it('bundles nothing where the directory holds no page', async () => {
    dir = await makeTempDir({ prefix: 'bundle-page-' });
    expect(await bundlePage(dir.dir, SHARED)).toEqual([]);
  });

  it('refuses a page missing a module it imports, naming the page and the module', async () => {
    dir = await makeTempDir({ prefix: 'bundle-page-' });
    await copyPageFiles(dir.dir);
    await rm(join(dir.dir, 'status-page.dom.js'));
    const error = await bundlePage(dir.dir, SHARED).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).file).toBe(join(dir.dir, 'status-page.js'));
    expect((error as Error).message).toContain('status-page.dom.js');
  });

  it('refuses a module with a syntax error', async () => {
    dir = await makeTempDir({ prefix: 'bundle-page-' });
    await copyPageFiles(dir.dir);
    const words = join(dir.dir, 'status-page.words.js');
    await writeFile(words, `${await readFile(words, 'utf8')}\nexport const broken = ;\n`);
    await expect(bundlePage(dir.dir, SHARED)).rejects.toThrow(/status-page\.words\.js/);
  });
});
