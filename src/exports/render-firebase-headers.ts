import { type HeaderTarget, withHeaders } from './header-targets.js';

/**
 * The `hosting` section of `firebase.json` for `publicDir`, to merge into the
 * project's own. Each `source` glob is an exact path with the complete header
 * set: Firebase applies every matching rule with the last one winning, so
 * exact, non-overlapping rules mean the same as the server's resolution.
 */
export function renderFirebaseHeaders(targets: readonly HeaderTarget[], publicDir: string): string {
  const config = {
    hosting: {
      public: publicDir,
      headers: withHeaders(targets).map(({ path, headers }) => ({
        source: path,
        headers: headers.map(({ key, value }) => ({ key, value })),
      })),
    },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
