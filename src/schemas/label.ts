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
 * A human-readable label: not empty, no leading or trailing white space. The
 * rule is a pattern rather than a refinement so that the generated JSON
 * Schema carries it too.
 */
export const LabelSchema = z
  .string()
  .min(1, { error: 'must not be empty' })
  .regex(new RegExp(LABEL_PATTERN), { error: 'must not start or end with white space' })
  // The JSON Schema gets the characters themselves: `RegExp.prototype.source` would
  // escape U+2028 and U+2029 as `\u2028`, an escape RE2 rejects.
  .meta({ pattern: LABEL_PATTERN });
