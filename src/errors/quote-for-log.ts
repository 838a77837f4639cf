/** How much of one piece of text from a file or a client a log line may carry. */
export const MAX_LOGGED_TEXT_CHARS = 300;

/**
 * Control characters (C0, DEL, C1), format characters (bidi overrides and the
 * like), line and paragraph separators, surrogates and private or unassigned
 * code points: everything that could move a terminal's cursor, change its
 * title, reorder what a reader sees or split one log line into two.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/gu;

/**
 * Makes text that came from outside (a file's bytes, a parser's message about
 * them) safe to put in a log line: unprintable characters become `\xNN` or
 * `\u{N}` escapes and the result is cut to `maxChars`, saying so.
 */
export function quoteForLog(text: string, maxChars = MAX_LOGGED_TEXT_CHARS): string {
  const escaped = text.replace(UNPRINTABLE, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
  if (escaped.length <= maxChars) return escaped;
  return `${escaped.slice(0, maxChars)}… (${escaped.length - maxChars} more characters)`;
}
