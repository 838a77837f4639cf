/** The `path` label of every request whose path is not one of the known ones. */
export const OTHER_PATH_LABEL = 'other';

/**
 * The `path` label a request is counted under: its path when it is one of
 * `known` (the documents, `/healthz`, the page), else `other`. Whatever
 * clients ask for, the label takes at most `known.size + 1` values. The
 * query string never counts.
 */
export function labelRequestPath(url: string, known: ReadonlySet<string>): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return known.has(path) ? path : OTHER_PATH_LABEL;
}
