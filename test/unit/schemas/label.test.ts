import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LabelSchema, MAX_NAME_CHARS, NameSchema, nameKey } from '../../../src/schemas/label.js';

const problemsOf = (schema: z.ZodType, value: string): string[] =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('LabelSchema: text only, no control or invisible formatting characters', () => {
  it.each([
    ['an escape sequence', 'Build \u001b[31mService', 'a control character (U+001B) at character 7'],
    ['a NUL', 'Build\u0000Service', 'a control character (U+0000) at character 6'],
    ['a tab inside', 'Build\tService', 'a control character (U+0009) at character 6'],
    ['a line feed inside', 'Build\nService', 'a control character (U+000A) at character 6'],
    ['a C1 control', 'Build\u009bService', 'a control character (U+009B) at character 6'],
    ['a right-to-left override', 'Build \u202eecivreS', 'an invisible formatting character (U+202E) at character 7'],
    ['a bidi isolate', 'Build \u2067Service', 'an invisible formatting character (U+2067) at character 7'],
    ['a zero-width space', 'Build\u200bService', 'an invisible formatting character (U+200B) at character 6'],
    ['a soft hyphen', 'Regis\u00adtry', 'an invisible formatting character (U+00AD) at character 6'],
    ['a BOM inside', 'Build\ufeffService', 'an invisible formatting character (U+FEFF) at character 6'],
    ['a line separator', 'Build\u2028Service', 'a line or paragraph separator (U+2028) at character 6'],
    ['a lone surrogate', 'Build \ud800', 'a lone surrogate (U+D800) at character 7'],
    ['a control after an astral character', '🚀 \u0007', 'a control character (U+0007) at character 3'],
  ])('refuses %s, naming the code point and where, never the character', (_name, value, where) => {
    expect(problemsOf(LabelSchema, value)).toEqual([
      `contains ${where}; control and invisible formatting characters are refused`,
    ]);
  });

  it('reports white space at an end once, not also as a control character', () => {
    expect(problemsOf(LabelSchema, 'eu-west\n')).toEqual(['must not start or end with white space']);
  });

  it.each([
    ['accents, precomposed or not', 'Zürich Registry, Cafe\u0301'],
    ['CJK and Arabic', '東京 レジストリ, سجل'],
    ['an emoji sequence with zero-width joiners', 'On call 👩\u200d💻'],
    ['a subdivision flag, made of tag characters', 'Wales 🏴\u{e0067}\u{e0062}\u{e0077}\u{e006c}\u{e0073}\u{e007f}'],
    ['a zero-width non-joiner, as Persian writes it', 'می\u200cخواهم'],
    ['inner runs of spaces', 'San  Francisco 1'],
  ])('accepts %s', (_name, value) => {
    expect(problemsOf(LabelSchema, value)).toEqual([]);
  });
});

describe('NameSchema: a label of at most 200 characters', () => {
  it('accepts 200 characters, counting an astral character as one', () => {
    expect(problemsOf(NameSchema, 'x'.repeat(MAX_NAME_CHARS))).toEqual([]);
    expect(problemsOf(NameSchema, '🚀'.repeat(MAX_NAME_CHARS))).toEqual([]);
  });

  it('refuses a longer name, saying how long it is, without quoting it', () => {
    expect(problemsOf(NameSchema, 'L'.repeat(240))).toEqual(['is 240 characters long; a name has at most 200']);
  });
});

describe('nameKey', () => {
  it('makes the precomposed and the decomposed spelling of a name one', () => {
    expect(nameKey('Caf\u00e9')).toBe(nameKey('Cafe\u0301'));
    expect(nameKey('Cafe')).not.toBe(nameKey('Caf\u00e9'));
  });
});
