import { EMAIL_FORM_END, EMAIL_FORM_START } from './render-email-form.js';

/** Where the form goes: after the paragraph of the feed link in the page's header. */
const FEED_LINKS = /<p class="subscribe">[\s\S]*?<\/p>[^\S\n]*\n/;

export type PlacedPage = { readonly ok: true; readonly html: string } | { readonly ok: false; readonly reason: string };

/**
 * index.html with the email form `form` (`renderEmailForm`) in place: an
 * earlier build's form replaced, or put after the feed links
 * (`<p class="subscribe">`); with `form` undefined, an earlier build's form
 * taken out, so the page is byte for byte the one without it. A page with
 * neither an earlier form nor the feed links cannot hold one. Pure.
 */
export function placeEmailForm(html: string, form: string | undefined): PlacedPage {
  const start = html.indexOf(EMAIL_FORM_START);
  const end = start < 0 ? -1 : html.indexOf(EMAIL_FORM_END, start);
  if (start >= 0 && end >= 0) {
    const lineStart = html.lastIndexOf('\n', start) + 1;
    const after = html.indexOf('\n', end);
    const lineEnd = after < 0 ? html.length : after + 1;
    return { ok: true, html: `${html.slice(0, lineStart)}${form ?? ''}${html.slice(lineEnd)}` };
  }
  if (form === undefined) return { ok: true, html };
  const links = FEED_LINKS.exec(html);
  if (links === null) {
    return { ok: false, reason: 'has no <p class="subscribe"> (the feed links) for the email form to stand after' };
  }
  const at = links.index + links[0].length;
  return { ok: true, html: `${html.slice(0, at)}${form}${html.slice(at)}` };
}
