/** `http://authority/path…`: group 1 is the path and query, empty when there is none. */
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*(\/[^#]*|(?=[?#]|$))/i;

/** A request target reduced to the one path the server will act on. */
export type RequestTarget =
  | { readonly ok: true; readonly path: string; readonly hidden: boolean }
  | { readonly ok: false; readonly reason: string };

/**
 * Decodes a request target exactly once and checks it. The result's `path`
 * is what the static handler sees, so there is no second decoding for an
 * attacker to play with. Absolute-form targets are read for their path, as
 * RFC 9112 asks of servers; rejected are the asterisk form, malformed
 * percent-encoding, NUL, backslashes and `.`/`..` segments. `hidden` marks
 * dot-named segments (`.env`, `.git/`).
 */
export function parseRequestTarget(target: string): RequestTarget {
  const absolute = ABSOLUTE_FORM.exec(target);
  const url = absolute ? absolute[1] || '/' : target;
  if (!url.startsWith('/')) return { ok: false, reason: 'request target must be a path starting with /' };
  const end = url.search(/[?#]/);
  const rawPath = end === -1 ? url : url.slice(0, end);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, reason: 'malformed percent-encoding in path' };
  }
  if (/[\0\\]/.test(decoded)) return { ok: false, reason: 'path contains a NUL or a backslash' };
  const segments = decoded.split('/').slice(1);
  let hidden = false;
  for (const segment of segments) {
    if (segment === '..' || segment === '.') return { ok: false, reason: 'path contains a dot segment' };
    if (segment.startsWith('.')) hidden = true;
  }
  const kept = segments.filter((segment, index) => segment !== '' || index === segments.length - 1);
  return { ok: true, path: `/${kept.join('/')}`, hidden };
}

/** Encodes a checked path for handing on: each segment percent-encoded, slashes kept. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
