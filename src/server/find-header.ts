/**
 * The value of one request header, read from `rawHeaders`. On the hot path
 * this avoids `request.headers`, which Node builds lazily as a whole object
 * on first access; a scan of the few raw pairs is cheaper. `name` must be
 * lower case. With repeats, the values are joined as Node joins them.
 */
export function findHeader(rawHeaders: readonly string[], name: string): string | undefined {
  let found: string | undefined;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const key = rawHeaders[index] as string;
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    const value = rawHeaders[index + 1] as string;
    found = found === undefined ? value : `${found}, ${value}`;
  }
  return found;
}
