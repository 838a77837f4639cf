import { INLINED_STYLE_END, INLINED_STYLE_START, INLINED_STYLESHEET_PATH } from '../headers/page-inline-style.js';

/** How the committed `index.html` links the style sheet: what the build replaces. */
const STYLESHEET_LINK = `<link rel="stylesheet" href="${INLINED_STYLESHEET_PATH}">`;

export type InlinedPage =
  | { readonly ok: true; readonly html: string }
  | { readonly ok: false; readonly reason: string };

/** Whether `css` would end the inlined element early: such a style sheet cannot be inlined. */
export function endsStyleElement(css: string): boolean {
  return /<\/style/i.test(css);
}

/**
 * index.html with `css` inlined as one `<style>` element in place of the
 * committed page's `<link>` to it, or of an earlier build's element, so that
 * building again gives the same bytes. Refuses a style sheet that would end
 * the element early, and a page with neither. Pure.
 */
export function inlineStylesheet(html: string, css: string): InlinedPage {
  if (endsStyleElement(css)) return { ok: false, reason: 'contains "</style", which would end the inlined element' };
  const element = `${INLINED_STYLE_START}${css}${INLINED_STYLE_END}`;
  const start = html.indexOf(INLINED_STYLE_START);
  const end = start < 0 ? -1 : html.indexOf(INLINED_STYLE_END, start + INLINED_STYLE_START.length);
  if (start >= 0 && end >= 0) {
    return { ok: true, html: `${html.slice(0, start)}${element}${html.slice(end + INLINED_STYLE_END.length)}` };
  }
  const link = html.indexOf(STYLESHEET_LINK);
  if (link < 0) return { ok: false, reason: `has no ${STYLESHEET_LINK} for the build to inline` };
  return { ok: true, html: `${html.slice(0, link)}${element}${html.slice(link + STYLESHEET_LINK.length)}` };
}
