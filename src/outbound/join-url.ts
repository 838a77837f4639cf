/** `https://host/prefix/` + `/api/v1/status`, keeping any path prefix and never doubling the slash. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}
