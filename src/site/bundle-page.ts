import { statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Metafile, Plugin } from 'esbuild';
import { InputError } from '../errors/input-error.js';
import type { PublishedFile } from './render-site.js';

/** The page's entry module, under `public/`. */
const PAGE_ENTRY = 'status-page.js';
/**
 * Where the bundles go: a directory of their own, so that static hosts' header
 * exports can give it one rule (Cloudflare Pages takes 100).
 */
export const BUNDLE_DIR = 'bundle';
/** What `index.html` loads: the entry and every module it imports, in one file. */
export const PAGE_BUNDLE_PATH = `/${BUNDLE_DIR}/${PAGE_ENTRY}`;

/** Scripts of their own that pages load, which import the page's modules (h61's email form). */
const EXTRA_ENTRIES = ['status-page.email-updates.js'];

const fileOf = (path: string) => path.replace(/^\.\//, '');

/**
 * Resolves the imports of a bundle: `files` (generated modules not on disk
 * yet, by file name) from memory; every dynamic import stays one, to the
 * module's own bundle; with `firstRender`, the modules the page's bundle
 * holds are taken from it (the same module instances, so one state).
 */
function pagePlugin(
  files: ReadonlyMap<string, string>,
  wanted: Set<string>,
  firstRender?: ReadonlySet<string>,
): Plugin {
  return {
    name: 'status-page',
    setup(plugin) {
      plugin.onResolve({ filter: /^\.\/[^/]+\.js$/ }, (args) => {
        const file = fileOf(args.path);
        if (args.kind === 'dynamic-import') {
          wanted.add(file);
          return { path: `./${file}`, external: true };
        }
        if (firstRender?.has(file)) return { path: `./${PAGE_ENTRY}`, external: true };
        // At its own path, where the build writes it: the source map names it as the browser can fetch it.
        const dir = plugin.initialOptions.absWorkingDir ?? '.';
        return files.has(file) ? { path: join(dir, file), pluginData: file } : undefined;
      });
      plugin.onLoad({ filter: /\.js$/ }, (args) => {
        const file = typeof args.pluginData === 'string' ? args.pluginData : undefined;
        if (file === undefined) return undefined;
        return { contents: files.get(file) ?? '', loader: 'js' };
      });
    },
  };
}

async function bundle(publicDir: string, entry: { contents: string } | string, plugin: Plugin, outName: string) {
  // Loaded only by a build that has a page to bundle: every other command starts without it.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: publicDir,
    ...(typeof entry === 'string'
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.contents, resolveDir: publicDir, sourcefile: 'status-page.bundle-entry.js' } }),
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    sourcemap: 'linked',
    write: false,
    metafile: true,
    logLevel: 'silent',
    outfile: join(publicDir, outName),
    plugins: [plugin],
  });
  const files = result.outputFiles.map((output) => ({
    path: `/${relative(publicDir, output.path).split(sep).join('/')}` as const,
    contents: output.text,
  }));
  return { files, metafile: result.metafile as Metafile };
}

/**
 * The status page's modules for the browser (issue 44): the entry and
 * everything it imports statically in `bundle/status-page.js`, which also
 * exports their names, and each module imported on demand (a language, a
 * section, the details) in a bundle of its own that takes what the first
 * render already loaded from the page's bundle. Minified, each with a source
 * map beside it. `generated` are the build's own modules (the shared module),
 * by file name, read from memory. None where `publicDir` holds no page (a
 * deployment that serves only the API). Throws `InputError` naming the
 * module a bundle could not be made of.
 */
export async function bundlePage(publicDir: string, generated: readonly PublishedFile[]): Promise<PublishedFile[]> {
  if (!statSync(join(publicDir, PAGE_ENTRY), { throwIfNoEntry: false })?.isFile()) return [];
  const files = new Map(generated.map((file) => [file.path.slice(1), file.contents]));
  try {
    const wanted = new Set<string>();
    // First the modules of the first render, to know which they are.
    const probe = await bundle(publicDir, PAGE_ENTRY, pagePlugin(files, new Set()), PAGE_BUNDLE_PATH.slice(1));
    const firstRender = new Set(Object.keys(probe.metafile.inputs).filter((input) => input !== PAGE_ENTRY));
    const entry = [
      `import './${PAGE_ENTRY}';`,
      ...[...firstRender].sort().map((file) => `export * from './${file}';`),
    ].join('\n');
    const main = await bundle(publicDir, { contents: entry }, pagePlugin(files, wanted), PAGE_BUNDLE_PATH.slice(1));
    const out = [...main.files];
    // Modules a page loads beside its own script (the email form's, where the build placed it), bundled like those on demand.
    for (const file of EXTRA_ENTRIES) {
      if (statSync(join(publicDir, file), { throwIfNoEntry: false })?.isFile()) wanted.add(file);
    }
    const done = new Set<string>();
    for (let next = [...wanted]; next.length > 0; next = [...wanted].filter((file) => !done.has(file))) {
      for (const file of next) {
        done.add(file);
        const lazy = await bundle(publicDir, file, pagePlugin(files, wanted, firstRender), `${BUNDLE_DIR}/${file}`);
        out.push(...lazy.files);
      }
    }
    return out;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new InputError(join(publicDir, PAGE_ENTRY), [{ path: '', reason: `cannot be bundled: ${message}` }]);
  }
}
