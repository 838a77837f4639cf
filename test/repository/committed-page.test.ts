import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { INLINED_STYLESHEET_PATH, inlinedStyleOf } from '../../src/headers/page-inline-style.js';
import { inlineStylesheet } from '../../src/site/inline-stylesheet.js';
import { REPO_ROOT } from '../helpers/temp-site.js';

/** A file as git has it staged: what a fresh clone holds. */
function staged(path: string): string {
  return execFileSync('git', ['show', `:${path}`], { cwd: REPO_ROOT, encoding: 'utf8' });
}

describe('the committed status page', () => {
  it('is committed as the build writes it, its style sheet inlined: a build in a checkout leaves the tree clean', () => {
    const page = staged('public/index.html');
    const css = staged(`public${INLINED_STYLESHEET_PATH}`);
    // What the build would write from the committed files is what is committed, byte for byte.
    expect(inlineStylesheet(page, css)).toEqual({ ok: true, html: page });
    expect(inlinedStyleOf(page)).toBe(css);
    expect(page).not.toContain(`<link rel="stylesheet" href="${INLINED_STYLESHEET_PATH}">`);
  });
});
