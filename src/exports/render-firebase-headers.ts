import { type HeaderTarget, withHeaders } from './header-targets.js';
import { HOST_CONFIG_FILES } from './host-config-files.js';

/** Firebase's default `ignore` list, plus the other hosts' config files, which are not content. */
const FIREBASE_IGNORE: readonly string[] = ['firebase.json', '**/.*', '**/node_modules/**', ...HOST_CONFIG_FILES];

/**
 * The `hosting` section of `firebase.json` for `publicDir`, to merge into the
 * project's own. Each rule is an anchored `regex` for one exact path with the
 * complete header set: Firebase applies every matching rule with the last one
 * winning, so exact, non-overlapping rules mean the same as the server's
 * resolution. Not a `source` glob: Firebase matches those with minimatch,
 * which lets `/api/v1/regions` match `/api/v1/regions/` too, and that path is
 * a 404 page that must not be labelled JSON and cached.
 */
export function renderFirebaseHeaders(targets: readonly HeaderTarget[], publicDir: string): string {
  const config = {
    hosting: {
      public: publicDir,
      ignore: FIREBASE_IGNORE,
      headers: withHeaders(targets).map(({ path, headers }) => ({
        regex: exactPathRegex(path),
        headers: headers.map(({ key, value }) => ({ key, value })),
      })),
    },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** `^/path$` for a plain path (`collectHeaderTargets` allows only `A-Za-z0-9._~/-`, of which only `.` needs escaping). */
function exactPathRegex(path: string): string {
  return `^${path.replaceAll('.', '\\.')}$`;
}
