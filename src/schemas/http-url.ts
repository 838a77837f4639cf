import { z } from 'zod';

/** The reason for a value that is not an http(s) URL at all. */
export const NOT_AN_HTTP_URL = 'must be an absolute http or https URL';

/**
 * Why `value`, an http(s) URL, could not be requested, or `undefined`: port
 * 0, which nothing listens on, or credentials whose percent-encoding does
 * not decode (`user:p%ZZ@host`), which no `Authorization` header can be made
 * from. A URL can parse and still be one of these; refused at start, neither
 * becomes a false outage on the public page every cycle.
 */
function describeUnusableHttpUrl(url: URL): string | undefined {
  if (url.port === '0') return 'has port 0, which nothing listens on; a port is 1 to 65535';
  if (!decodes(url.username) || !decodes(url.password)) {
    return 'has a user name or password whose percent-encoding does not decode to UTF-8 (write a % itself as %25)';
  }
  return undefined;
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * An http or https URL that a request can be made to. The reason never
 * echoes the value: a URL may carry credentials, and those must not reach a
 * log.
 */
export const HttpUrlSchema = z.string().superRefine((value, ctx) => {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    ctx.addIssue({ code: 'custom', message: NOT_AN_HTTP_URL });
    return;
  }
  const unusable = describeUnusableHttpUrl(url);
  if (unusable !== undefined) ctx.addIssue({ code: 'custom', message: unusable });
});
