import { createHash } from 'node:crypto';

/** The page's own style sheet, which the build inlines into `index.html` (`public/status-page.css`). */
export const INLINED_STYLESHEET_PATH = '/status-page.css';
/** The element the build inlines it as, and finds again on the next build. */
export const INLINED_STYLE_START = `<style data-inlined="${INLINED_STYLESHEET_PATH}">`;
export const INLINED_STYLE_END = '</style>';

/** The text of the style element a build inlined in `html`; `undefined` if there is none. Pure. */
export function inlinedStyleOf(html: string): string | undefined {
  const start = html.indexOf(INLINED_STYLE_START);
  if (start < 0) return undefined;
  const end = html.indexOf(INLINED_STYLE_END, start + INLINED_STYLE_START.length);
  return end < 0 ? undefined : html.slice(start + INLINED_STYLE_START.length, end);
}

/** The CSP source that lets exactly this element's text through: `'sha256-…'` of its UTF-8 bytes. Pure. */
export function styleSourceHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}
