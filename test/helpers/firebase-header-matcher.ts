import { posix } from 'node:path';
import minimatch from 'minimatch';

/** A `hosting.headers` rule of firebase.json. */
export interface FirebaseHeaderRule {
  readonly source?: string;
  readonly glob?: string;
  readonly regex?: string;
  readonly headers: readonly { readonly key: string; readonly value: string }[];
}

/**
 * The headers Firebase Hosting's local server (superstatic, which the
 * Firebase emulator runs) would set on a response for `urlPath`: every rule
 * whose glob (minimatch) or regex (RE2, or JavaScript's with the `u` flag
 * where RE2 is not installed) matches the path with a leading slash, applied
 * in order with `setHeader`, so a later rule wins. This follows superstatic's
 * `src/utils/patterns.js` and `src/middleware/headers.js`, with the glob
 * library it uses; superstatic itself is not installed because its optional
 * `re2` dependency compiles from source for minutes.
 */
export function matchFirebaseHeaders(rules: readonly FirebaseHeaderRule[], urlPath: string): Record<string, string> {
  const path = slash(urlPath);
  const out: Record<string, string> = {};
  for (const rule of rules) {
    const glob = rule.glob ?? rule.source;
    const matches =
      glob !== undefined
        ? minimatch(path, slash(glob))
        : rule.regex !== undefined && new RegExp(rule.regex, 'u').test(path);
    if (!matches) continue;
    for (const { key, value } of rule.headers) out[key.toLowerCase()] = value;
  }
  return out;
}

/** superstatic's `slasher`: a leading slash, POSIX-normalised. */
function slash(spec: string): string {
  return posix.normalize(posix.join('/', spec));
}
