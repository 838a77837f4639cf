import { join } from 'node:path';

import { REPO_ROOT } from './temp-site.js';

export { REPO_ROOT };

/** The repository's own files, so tests exercise the real data and rules. */
export const REGIONS_FILE = join(REPO_ROOT, 'data/regions.json');
export const HEADERS_FILE = join(REPO_ROOT, 'headers.json');

/** What `DIR/api/v1` of a test site holds after a probe cycle with the history on, in `readdir`'s order. */
export const PROBE_API_V1_ENTRIES = [
  'component-history',
  'heartbeats',
  'incidents',
  'notices',
  'observations',
  'reports',
  'status',
  'uptime',
] as const;
