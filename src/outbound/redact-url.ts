/**
 * A URL as it may appear in a log: no user name, password, query or
 * fragment, since those are where tokens live.
 */
export function redactUrl(url: string): string {
  if (!URL.canParse(url)) return '(unparseable URL)';
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  parsed.search = '';
  parsed.hash = '';
  return parsed.href;
}
