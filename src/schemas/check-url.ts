import { z } from 'zod';
import { NOT_AN_HTTP_URL } from './http-url.js';

/** The highest TCP port. */
const MAX_PORT = 65_535;

/** Whether a check URL names the tcp scheme, valid or not: such a check only connects. */
export function isTcpScheme(url: string): boolean {
  return url.startsWith('tcp:');
}

/**
 * What a check requests: a URL `httpUrlSchema` accepts, or `tcp://host:port`
 * for a check that only connects. Like the http rule, the reason never
 * echoes the value, which may carry credentials.
 */
export function checkUrlSchema(httpUrlSchema: z.ZodType<string>) {
  return z.string().superRefine((value, ctx) => {
    if (!isTcpScheme(value)) {
      const http = httpUrlSchema.safeParse(value);
      // An http(s) URL that cannot be used keeps its own reason; anything else hears of both schemes.
      const reason = http.error?.issues[0]?.message;
      if (reason !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: reason === NOT_AN_HTTP_URL ? `${reason}, or tcp://host:port` : reason,
        });
      }
      return;
    }
    if (!isTcpUrl(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `a tcp URL is tcp://host:port with a port from 1 to ${MAX_PORT} and nothing after it, like tcp://db.internal:5432`,
      });
    }
  });
}

/** `tcp://host:port`: a host, a port in range, no credentials, path, query or fragment. */
export function isTcpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const port = Number(url.port);
  return (
    url.protocol === 'tcp:' &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === '' &&
    Number.isInteger(port) &&
    port >= 1 &&
    port <= MAX_PORT &&
    (url.pathname === '' || url.pathname === '/') &&
    url.search === '' &&
    url.hash === ''
  );
}
