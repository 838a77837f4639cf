/**
 * The page's URL as Statuspage's `page.url` gives it: `public_url`, or `/`
 * (the origin's own page, as a relative reference) where none is configured.
 */
export function statuspagePageUrl(publicUrl: string | undefined): string {
  return publicUrl ?? '/';
}

/** A `shortlink`: the page, with an anchor to one entry (`incident-ID` or `notice-ID`, as the page's own ids). */
export function statuspageShortlink(pageUrl: string, anchor: string): string {
  if (!URL.canParse(pageUrl)) return `${pageUrl}#${anchor}`;
  const url = new URL(pageUrl);
  url.hash = anchor;
  return url.toString();
}
