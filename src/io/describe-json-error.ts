/** V8 quotes at most this many characters on each side of an unexpected token. */
const V8_CONTEXT_CHARS = 10;

/**
 * JSON.parse's complaint about `text`, made fit for a one-line problem: V8
 * quotes an excerpt of the text, which may span lines (one problem would print
 * as several) and may carry a URL's credentials, so the excerpt is dropped;
 * a position becomes a line and column a person can go to. Where V8 gives no
 * position (an unexpected token, a document cut off), it is worked out from
 * the excerpt or the end of the text.
 */
export function describeJsonError(text: string, message: string): string {
  const position =
    locateUnexpectedToken(text, message) ?? (/^Unexpected end of JSON input$/.test(message) ? text.length : undefined);
  const described = message
    .replace(/, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, '')
    .replace(/^"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, 'Unexpected text')
    .replace(/ (?:in JSON )?at position (\d+)(?: \(line \d+ column \d+\))?$/, (_match, at: string) =>
      formatLocation(text, Number(at)),
    )
    .replace(/\s+/g, ' ');
  return position === undefined ? described : `${described}${formatLocation(text, position)}`;
}

/**
 * Where an "Unexpected token" is, from the excerpt V8 quotes: the text from
 * ten characters before the token (`...` marks a cut) to ten after it. A text
 * short enough to be quoted whole gives no way to tell, so no position.
 */
function locateUnexpectedToken(text: string, message: string): number | undefined {
  const match = /^Unexpected token .*?, (\.\.\.)?"([\s\S]*)"(\.\.\.)? is not valid JSON$/.exec(message);
  if (match === null) return undefined;
  const [, cutBefore, excerpt = '', cutAfter] = match;
  if (cutBefore !== undefined) {
    const start = text.indexOf(excerpt);
    return start === -1 ? undefined : start + V8_CONTEXT_CHARS;
  }
  if (cutAfter !== undefined) return excerpt.length - V8_CONTEXT_CHARS;
  return undefined;
}

/** ` at line L column C` of the character at `position`, both counted from 1. */
function formatLocation(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return ` at line ${line} column ${column}`;
}
