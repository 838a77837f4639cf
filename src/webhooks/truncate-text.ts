/** Ends a text that was cut short. */
export const ELLIPSIS = '…';

export interface TruncateOptions {
  /** How a piece of text is written out (a service's escaping); as it is by default. */
  readonly escape?: (text: string) => string;
  /** The size of a written piece in the limit's unit: code points by default, as the services count characters. */
  readonly measure?: (written: string) => number;
}

/** Code points, the unit in which Slack's and Discord's limits (and JSON Schema's `maxLength`) count characters. */
export function countCodePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * The text as written (escaped) within `limit`: whole when it fits, else
 * cut at a code point and ended with `…`, never inside an escape, so a cut
 * `&amp;` never shows as `&am`. Pure.
 */
export function truncateText(text: string, limit: number, options: TruncateOptions = {}): string {
  const write = options.escape ?? ((piece: string) => piece);
  const measure = options.measure ?? countCodePoints;
  const whole = write(text);
  if (measure(whole) <= limit) return whole;
  const budget = limit - measure(ELLIPSIS);
  let written = '';
  let size = 0;
  for (const character of text) {
    const piece = write(character);
    const pieceSize = measure(piece);
    if (size + pieceSize > budget) break;
    written += piece;
    size += pieceSize;
  }
  return budget < 0 ? '' : `${written.trimEnd()}${ELLIPSIS}`;
}
