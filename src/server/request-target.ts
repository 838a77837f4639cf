/** A request target reduced to the one path the server will act on. */
export type RequestTarget =
  | { readonly ok: true; readonly path: string; readonly hidden: boolean }
  | { readonly ok: false; readonly reason: string };

/**
 * Decodes an origin-form request target exactly once and checks it. The
 * result's `path` is what the static handler sees, so there is no second
 * decoding for an attacker to play with. Rejected: absolute- and
 * asterisk-form targets, malformed percent-encoding, NUL, backslashes and
 * `..` segments. `hidden` marks dot-named segments (`.env`, `.git/`).
 */
export function parseRequestTarget(url: string): RequestTarget {
  if (!url.startsWith('/')) return { ok: false, reason: 'request target must be an absolute path' };
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
