import { quoteForLog } from '../errors/quote-for-log.js';
import { PUSH_PATH_PREFIX } from './parse-push.js';

/** How many query parameters a log line names; a longer query is cut, saying so. */
const MAX_NAMED_PARAMETERS = 8;

/**
 * A refused request as the log shows it, with nothing that may be a token:
 * a push to a slug in `knownSlugs` is shown by its path; any other path by
 * its first segment and its length (Uptime Kuma puts its token in the path,
 * and a job may push to its token by mistake); the query by the names of
 * its parameters only (`?status=…&token=…`). Pure.
 */
export function describePushRequest(method: string, target: string, knownSlugs: ReadonlySet<string>): string {
  const url = URL.canParse(target, 'http://push') ? new URL(target, 'http://push') : undefined;
  if (url === undefined) return `${quoteForLog(method, 16)} (a request target that is no URL)`;
  const slug = url.pathname.startsWith(PUSH_PATH_PREFIX)
    ? url.pathname.slice(PUSH_PATH_PREFIX.length).replace(/\/$/, '')
    : undefined;
  const path =
    slug !== undefined && knownSlugs.has(slug)
      ? `${PUSH_PATH_PREFIX}${slug}`
      : `${firstSegmentOf(url.pathname)}… (a path of ${url.pathname.length} characters)`;
  const names = [...url.searchParams.keys()];
  const query =
    names.length === 0
      ? ''
      : `?${names
          .slice(0, MAX_NAMED_PARAMETERS)
          .map((name) => `${quoteForLog(name, 24)}=…`)
          .join('&')}${names.length > MAX_NAMED_PARAMETERS ? `&… (${names.length} parameters)` : ''}`;
  return `${quoteForLog(method, 16)} ${path}${query}`;
}

/** `/heartbeat/` of `/heartbeat/anything`, `/api/` of `/api/push/x`: never more than a segment's name. */
function firstSegmentOf(pathname: string): string {
  const segment = /^\/[^/]*\/?/.exec(pathname)?.[0] ?? '/';
  return quoteForLog(segment, 40);
}
