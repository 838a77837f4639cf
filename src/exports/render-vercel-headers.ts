import { type HeaderTarget, withHeaders } from './header-targets.js';

/**
 * The `headers` section of `vercel.json`, to merge into the project's own.
 * Each `source` is an exact path (no path-to-regexp syntax), with the
 * complete header set, so rule order and overlap cannot matter.
 */
export function renderVercelHeaders(targets: readonly HeaderTarget[]): string {
  const config = {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    headers: withHeaders(targets).map(({ path, headers }) => ({
      source: path,
      headers: headers.map(({ key, value }) => ({ key, value })),
    })),
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
