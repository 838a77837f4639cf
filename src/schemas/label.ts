import { z } from 'zod';

/**
 * The characters `String.prototype.trim` removes (ECMAScript WhiteSpace and
 * LineTerminator), written out so the pattern needs no `\s`, whose meaning
 * differs between regex engines (Go's RE2 takes it as ASCII only).
 */
const WHITE_SPACE = '\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/**
 * Words separated by white space: not empty, no white space at either end.
 * Only character classes, quantifiers, a group and anchors, the regex subset
 * JSON Schema recommends, so that validators outside JavaScript (RE2 has no
 * look-around) accept the generated schema; the classes are disjoint, so
 * matching is linear.
 */
// Empty matches too: `min(1)` reports that case on its own, in one problem.
const LABEL_PATTERN = `^([^${WHITE_SPACE}]+([${WHITE_SPACE}]+[^${WHITE_SPACE}]+)*)?$`;

/**
 * Characters a label may not hold anywhere: control characters (C0, DEL,
 * C1: tabs and line breaks too), invisible formatting characters (bidi
 * overrides and isolates, zero-width spaces, soft hyphens, a BOM), line and
 * paragraph separators, and lone surrogates. Each could move a terminal's
 * cursor, reverse what a reader sees, split a log line or make two names
 * look alike. Zero-width joiners and non-joiners stay allowed (scripts and
 * emoji sequences need them), as do the tag characters of flag emoji.
 */
const FORBIDDEN_CHARACTER = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]|(?!\u200c|\u200d|[\u{e0020}-\u{e007f}])\p{Cf}/u;

/** What each kind of forbidden character is called in a refusal. */
const FORBIDDEN_KINDS: readonly (readonly [RegExp, string])[] = [
  [/\p{Cc}/u, 'a control character'],
  [/\p{Cf}/u, 'an invisible formatting character'],
  [/[\p{Zl}\p{Zp}]/u, 'a line or paragraph separator'],
  [/\p{Cs}/u, 'a lone surrogate'],
];

/** The same, in a text of paragraphs (a notice's, a postmortem): line breaks and tabs are its own. */
const FORBIDDEN_IN_TEXT = new RegExp(`(?![\\n\\r\\t])${FORBIDDEN_CHARACTER.source}`, 'u');

/**
 * Why `text` cannot be a label because of a character in it, or `undefined`:
 * the character is named by its code point and place (counted in characters
 * from 1), never written raw, since the reason ends up in a terminal. With
 * `paragraphs`, line breaks and tabs are allowed (a notice's text).
 */
export function describeForbiddenCharacter(text: string, { paragraphs = false } = {}): string | undefined {
  const match = (paragraphs ? FORBIDDEN_IN_TEXT : FORBIDDEN_CHARACTER).exec(text);
  if (match === null) return undefined;
  const [char] = match;
  const codePoint = `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  const kind = FORBIDDEN_KINDS.find(([pattern]) => pattern.test(char))?.[1] ?? 'a character that is not text';
  const at = [...text.slice(0, match.index)].length + 1;
  return `contains ${kind} (${codePoint}) at character ${at}; control and invisible formatting characters are refused`;
}

/**
 * `text` with every character `describeForbiddenCharacter` would name
 * replaced by a space: for words from another tool (an alert's summary),
 * taken rather than refused. With `paragraphs`, line breaks and tabs stay.
 */
export function replaceForbiddenCharacters(text: string, { paragraphs = false } = {}): string {
  const pattern = paragraphs ? FORBIDDEN_IN_TEXT : FORBIDDEN_CHARACTER;
  return text.replace(new RegExp(pattern.source, 'gu'), ' ');
}

const LABEL_REGEX = new RegExp(LABEL_PATTERN);

/**
 * A human-readable label: not empty, no leading or trailing white space, no
 * control or invisible formatting characters (`describeForbiddenCharacter`).
 * The white-space rule is a pattern rather than a refinement so that the
 * generated JSON Schema carries it too; the character rule is a refinement,
 * which JSON Schema's portable regex subset could not express (no Unicode
 * classes), and is reported only for a label the pattern accepts: one
 * problem per label.
 */
export const LabelSchema = z
  .string()
  .min(1, { error: 'must not be empty' })
  .regex(LABEL_REGEX, { error: 'must not start or end with white space' })
  .superRefine((value, ctx) => {
    if (!LABEL_REGEX.test(value)) return;
    const reason = describeForbiddenCharacter(value);
    if (reason !== undefined) ctx.addIssue({ code: 'custom', message: reason });
  })
  // The JSON Schema gets the characters themselves: `RegExp.prototype.source` would
  // escape U+2028 and U+2029 as `\u2028`, an escape RE2 rejects.
  .meta({ pattern: LABEL_PATTERN });

/**
 * The longest name of a component or group, or of the page, in characters
 * (code points). A name is shown on the page, in every document and in log
 * lines; its slug is cut shorter anyway (`MAX_SLUG_CHARS`).
 */
export const MAX_NAME_CHARS = 200;

/** A component's, group's or page's name: a label of at most `MAX_NAME_CHARS` characters. */
export const NameSchema = LabelSchema.superRefine((value, ctx) => {
  const length = [...value].length;
  if (length > MAX_NAME_CHARS) {
    ctx.addIssue({ code: 'custom', message: `is ${length} characters long; a name has at most ${MAX_NAME_CHARS}` });
  }
});

/**
 * What two names are compared by: their Unicode NFC form, so that `Café`
 * typed with a precomposed é and with `e` plus a combining accent, which
 * look the same everywhere they are shown, count as one name.
 */
export function nameKey(name: string): string {
  return name.normalize('NFC');
}

/** Said of a name that equals another only once both are in Unicode NFC (`nameKey`). */
export const OTHER_CODE_POINTS = 'written with other code points (the same text in Unicode NFC)';
