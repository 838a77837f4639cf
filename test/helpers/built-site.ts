import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { copyPageFiles } from './page-files.js';
import { runCli } from './run-cli.js';
import { makeTempSite, type TempSite } from './temp-site.js';

/** A site `build` filled once per test file, copied into each test's temp site. */
export interface BuiltSite {
  /** Copies the built public/ (and dist-exports/) into `site`, as if `build` had run there. */
  copyInto(site: TempSite): Promise<void>;
}

/**
 * Registers the hooks of a test file whose tests start from a built site: one
 * real `build` (the compiled CLI, run in a temp site with the shipped data)
 * before the file's tests, copied into each test's site instead of a `build`
 * per test. A build writes the same bytes for the same data, and its exports
 * name public/ relative to the site, so a copy is what a build there would write.
 * With `page`, the status page's files are in public/ first, as in a checkout.
 */
export function useBuiltSite(options: { readonly page?: boolean } = {}): BuiltSite {
  let template: TempSite | undefined;
  beforeAll(async () => {
    template = await makeTempSite();
    if (options.page === true) {
      await copyPageFiles(template.publicDir);
    }
    const built = await runCli(['build'], { cwd: template.root, timeoutMs: 60_000 });
    if (built.code !== 0 || built.stderr !== '') throw new Error(`build exited ${built.code}:\n${built.stderr}`);
  });
  afterAll(async () => {
    await template?.remove();
  });
  return {
    async copyInto(site) {
      if (template === undefined) throw new Error('useBuiltSite: the template is built in beforeAll');
      await cp(template.publicDir, site.publicDir, { recursive: true });
      await cp(join(template.root, 'dist-exports'), join(site.root, 'dist-exports'), { recursive: true });
    },
  };
}
