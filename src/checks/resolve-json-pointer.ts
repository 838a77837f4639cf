/** What a JSON Pointer found: the value, or nothing there. */
export type PointerTarget = { readonly found: true; readonly value: unknown } | { readonly found: false };

/**
 * The value `pointer` (RFC 6901, already validated) names inside `document`:
 * tokens unescape `~1` to `/` and then `~0` to `~`; an array is indexed by a
 * decimal index without leading zeros (`-`, past the end, names nothing).
 */
export function resolveJsonPointer(document: unknown, pointer: string): PointerTarget {
  if (pointer === '') return { found: true, value: document };
  let current: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current)) {
      if (!/^(?:0|[1-9][0-9]*)$/.test(token)) return { found: false };
      const index = Number(token);
      if (index >= current.length) return { found: false };
      current = current[index];
    } else if (typeof current === 'object' && current !== null && Object.hasOwn(current, token)) {
      current = Reflect.get(current, token);
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}
