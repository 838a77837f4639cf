import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isErrnoException } from '../errors/describe-error.js';
import { InputError } from '../errors/input-error.js';
import { INLINED_STYLESHEET_PATH, inlinedStyleOf, styleSourceHash } from '../headers/page-inline-style.js';
import type { ComponentsConfig } from '../schemas/components-config.js';
import { endsStyleElement, inlineStylesheet } from './inline-stylesheet.js';
import { placeEmailForm } from './place-email-form.js';
import { renderEmailForm } from './render-email-form.js';

/** The page as the build leaves it. */
export interface BuiltPage {
  /** The bytes to write; `undefined` when the page is so already (or there is no page): nothing to write. */
  readonly html: string | undefined;
  /** The CSP source of its one inline style element (`styleSourceHash`); `undefined` without one. */
  readonly styleHash: string | undefined;
}

/**
 * The page (`index.html` in `publicDir`) as it should be for `config`: its
 * style sheet (`status-page.css` beside it) inlined, so the first visit asks
 * for one file fewer, and the email form where the config has `subscribers`,
 * without it where not. Both are placed where an earlier build put them, so
 * building again writes nothing. A page the form or the style cannot be
 * placed in, or a style sheet that cannot be inlined, raises `InputError`
 * naming the file, before anything is written. Without a style sheet beside
 * it the page keeps what it has.
 */
export async function readBuiltPage(publicDir: string, config: ComponentsConfig | undefined): Promise<BuiltPage> {
  const file = join(publicDir, 'index.html');
  const html = await readOptionalText(file);
  if (html === undefined) return { html: undefined, styleHash: undefined };
  const endpoint = config?.subscribers?.endpoint;
  const form =
    endpoint === undefined
      ? undefined
      : renderEmailForm({ endpoint, components: (config?.components ?? []).map(({ name }) => name) });
  const placed = placeEmailForm(html, form);
  if (!placed.ok) throw new InputError(file, [{ path: '', reason: placed.reason }]);
  const cssFile = join(publicDir, INLINED_STYLESHEET_PATH.slice(1));
  const css = await readOptionalText(cssFile);
  let page = placed.html;
  if (css !== undefined) {
    const inlined = inlineStylesheet(page, css);
    if (!inlined.ok)
      throw new InputError(endsStyleElement(css) ? cssFile : file, [{ path: '', reason: inlined.reason }]);
    page = inlined.html;
  }
  const style = inlinedStyleOf(page);
  return {
    html: page === html ? undefined : page,
    styleHash: style === undefined ? undefined : styleSourceHash(style),
  };
}

async function readOptionalText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return undefined;
    throw error;
  }
}
