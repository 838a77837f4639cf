/**
 * A publisher that renders and writes only when the source it renders from
 * changed: while `keyOf(...)` equals the key of the last successful write,
 * nothing is rendered and no file is written (the probe asks at every
 * cycle, and a large platform has a thousand files behind one key). A
 * failed write leaves the key unsettled, so it is tried again next time.
 */
export function publishOnSourceChange<Args extends unknown[]>(
  keyOf: (...args: Args) => string,
  publish: (...args: Args) => Promise<string[]>,
): (...args: Args) => Promise<string[]> {
  let writtenFrom: string | undefined;
  return async (...args) => {
    const key = keyOf(...args);
    if (key === writtenFrom) return [];
    const written = await publish(...args);
    writtenFrom = key;
    return written;
  };
}
