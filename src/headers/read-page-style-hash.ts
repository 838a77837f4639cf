import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isErrnoException } from '../errors/describe-error.js';
import { inlinedStyleOf, styleSourceHash } from './page-inline-style.js';

/**
 * The CSP source of the style element the build inlined in `publicDir`'s
 * `index.html` (`styleSourceHash`), which the server adds to the page's
 * policy (`allowInlineStyle`); `undefined` without a page or such an element.
 */
export async function readPageStyleHash(publicDir: string): Promise<string | undefined> {
  let html: string;
  try {
    html = await readFile(join(publicDir, 'index.html'), 'utf8');
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return undefined;
    throw error;
  }
  const style = inlinedStyleOf(html);
  return style === undefined ? undefined : styleSourceHash(style);
}
