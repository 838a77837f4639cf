import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isErrnoException } from '../errors/describe-error.js';
import { InputError } from '../errors/input-error.js';
import type { ComponentsConfig } from '../schemas/components-config.js';
import { placeEmailForm } from './place-email-form.js';
import { renderEmailForm } from './render-email-form.js';

/**
 * The page (`index.html` in `publicDir`) as it should be for `config`: with
 * the email form where the config has `subscribers`, without it where not.
 * `undefined` when the page is so already (or there is no page): nothing to
 * write, so a site without subscribers keeps its bytes. A page the form
 * cannot be placed in raises `InputError` naming it, before anything is written.
 */
export async function readPageWithEmailForm(
  publicDir: string,
  config: ComponentsConfig | undefined,
): Promise<string | undefined> {
  const file = join(publicDir, 'index.html');
  let html: string;
  try {
    html = await readFile(file, 'utf8');
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return undefined;
    throw error;
  }
  const endpoint = config?.subscribers?.endpoint;
  const form =
    endpoint === undefined
      ? undefined
      : renderEmailForm({ endpoint, components: (config?.components ?? []).map(({ name }) => name) });
  const placed = placeEmailForm(html, form);
  if (!placed.ok) throw new InputError(file, [{ path: '', reason: placed.reason }]);
  return placed.html === html ? undefined : placed.html;
}
