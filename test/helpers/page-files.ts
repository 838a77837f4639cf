import { readdirSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from './temp-site.js';

/**
 * The status page's own files as committed under `public/`: the page, its
 * style sheet, its icon and every module the build bundles (the shared module
 * is the build's own). A page missing a module it imports is refused by the
 * build, so a site with the page holds all of them.
 */
export const PAGE_FILES: readonly string[] = readdirSync(join(REPO_ROOT, 'public'))
  .filter(
    (file) =>
      /^status-page(\..+)?\.(js|css)$/.test(file) ||
      file === 'index.html' ||
      file === 'favicon.svg' ||
      file === 'embed.js',
  )
  .filter((file) => file !== 'status-page.shared.js');

/** Copies the page's files (`PAGE_FILES`) into `publicDir`. */
export async function copyPageFiles(publicDir: string): Promise<void> {
  await mkdir(publicDir, { recursive: true });
  for (const file of PAGE_FILES) await copyFile(join(REPO_ROOT, 'public', file), join(publicDir, file));
}
