import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../../src/io/decode-utf8.js';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

describe('decodeUtf8', () => {
  it('reads UTF-8, a U+FFFD the file spells itself included', () => {
    expect(decodeUtf8(bytes('{"name": "Zürich \ufffd"}'))).toEqual({ text: '{"name": "Zürich \ufffd"}' });
  });

  it('drops a byte order mark at the start, and only there', () => {
    expect(decodeUtf8(bytes([0xef, 0xbb, 0xbf], '{"a": "\ufeff"}'))).toEqual({ text: '{"a": "\ufeff"}' });
  });

  it.each([
    ['a Latin-1 byte', bytes('{\n  "name": "Caf', [0xe9], '"\n}'), 'byte 0xE9 at line 2 column 15'],
    ['a byte that starts nothing', bytes('{"a": "', [0xff, 0xfe], '"}'), 'byte 0xFF at line 1 column 8'],
    ['after a U+FFFD the file spells', bytes('"\ufffd ', [0x80], '"'), 'byte 0x80 at line 1 column 4'],
    ['after a byte order mark', bytes([0xef, 0xbb, 0xbf], 'ab', [0xc0, 0xaf]), 'byte 0xC0 at line 1 column 3'],
    ['a character cut off at the end', bytes('"ab', [0xe2, 0x82]), 'byte 0xE2 at line 1 column 4'],
    ['an encoded surrogate', bytes('x', [0xed, 0xa0, 0x80]), 'byte 0xED at line 1 column 2'],
  ])('refuses %s, saying where', (_name, input, where) => {
    expect(decodeUtf8(input)).toEqual({
      invalid: `is not UTF-8: ${where} is not part of a UTF-8 character; save the file as UTF-8`,
    });
  });

  it('says so when the file is UTF-16', () => {
    expect(decodeUtf8(Buffer.from('\ufeff{}', 'utf16le'))).toEqual({
      invalid: 'is not UTF-8: it starts with a UTF-16 byte order mark; save it as UTF-8',
    });
  });
});
