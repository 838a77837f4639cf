import type { Region, RegionList } from '../schemas/region.js';

/**
 * Renders the `/api/v1/regions` document. Same regions, same bytes: sorted by
 * code, fields in the spec's order, compact JSON with a trailing newline, so
 * ETags and CDN diffs only change when the data does.
 */
export function renderRegions(regions: readonly Region[]): string {
  const data = [...regions]
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map(({ code, name, zone, country, status }) => ({ code, name, zone, country, status }));
  const list: RegionList = { object: 'list', data };
  return `${JSON.stringify(list)}\n`;
}
