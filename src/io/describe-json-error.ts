/**
 * JSON.parse's complaint about `text`, made fit for a one-line problem: V8
 * quotes an excerpt of the text, which may span lines (one problem would print
 * as several) and may carry a URL's credentials, so the excerpt is dropped;
 * a position becomes a line and column a person can go to.
 */
export function describeJsonError(text: string, message: string): string {
  return message
    .replace(/, (?:\.\.\.)?"[\s\S]*" is not valid JSON$/, '')
    .replace(/ (?:in JSON )?at position (\d+)(?: \(line \d+ column \d+\))?$/, (_match, position: string) =>
      formatLocation(text, Number(position)),
    )
    .replace(/\s+/g, ' ');
}

/** ` at line L column C` of the character at `position`, both counted from 1. */
function formatLocation(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return ` at line ${line} column ${column}`;
}
