import { describe, expect, it } from 'vitest';
import { quoteForLog } from '../../../src/errors/quote-for-log.js';

describe('quoteForLog', () => {
  it.each([
    ['plain text', 'status: is not valid JSON', 'status: is not valid JSON'],
    ['an escape sequence', "Unexpected token '\x1b'", "Unexpected token '\\x1b'"],
    ['a bell and a title change', '\x1b]0;owned\x07', '\\x1b]0;owned\\x07'],
    ['a newline that would forge a second line', 'a\nprobe: forged', 'a\\x0aprobe: forged'],
    ['a C1 control', 'a\x9bb', 'a\\x9bb'],
    ['a bidi override', 'a\u202eb', 'a\\u{202e}b'],
    ['a line separator', 'a\u2028b', 'a\\u{2028}b'],
    ['a lone surrogate', 'a\ud800b', 'a\\u{d800}b'],
    ['accented letters and symbols, which are printable', 'Zürich — 東京', 'Zürich — 東京'],
  ])('escapes %s', (_name, text, quoted) => {
    expect(quoteForLog(text)).toBe(quoted);
  });

  it('cuts long text and says how much it left out', () => {
    expect(quoteForLog('x'.repeat(20), 8)).toBe('xxxxxxxx… (12 more characters)');
  });
});
