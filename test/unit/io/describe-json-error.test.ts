import { describe, expect, it } from 'vitest';
import { describeJsonError } from '../../../src/io/describe-json-error.js';

/** What JSON.parse says about `text` in this Node. */
function parseMessage(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return error.message;
  }
  throw new Error(`${JSON.stringify(text)} parsed`);
}

describe('describeJsonError', () => {
  it.each([
    ['a trailing comma over several lines', '[\n  1,\n]', "Unexpected token ']'"],
    ['a bare word', 'nope', "Unexpected token 'o'"],
    ['an unquoted key', '{\n  region: "ams1"\n}', "Expected property name or '}' at line 2 column 3"],
    ['a trailing comma in an object', '{"a": 1,\n}', 'Expected double-quoted property name at line 2 column 1'],
    ['text after the document', '[]\n[]', 'Unexpected non-whitespace character after JSON at line 2 column 1'],
    ['a document cut off', '[\n  1,', 'Unexpected end of JSON input at line 2 column 5'],
    [
      'a doubled comma in a longer file',
      '[\n  { "code": "ams1", "name": "Amsterdam 1" },,\n  { "code": "ams2" }\n]',
      "Unexpected token ',' at line 2 column 45",
    ],
    [
      'a doubled comma near the start of a longer file',
      '[1,,\n  { "code": "ams2", "name": "Amsterdam 2" }\n]',
      "Unexpected token ',' at line 1 column 4",
    ],
    ['an unterminated string', '[\n  "ams1', 'Unterminated string at line 2 column 8'],
  ])('describes %s on one line, with the line and column when known', (_name, text, detail) => {
    expect(describeJsonError(text, parseMessage(text))).toBe(detail);
  });

  it('never repeats the text, which may hold a URL with credentials', () => {
    const text = '{"url": "http://probe:s3cret@127.0.0.1/",}';
    expect(describeJsonError(text, parseMessage(text))).not.toContain('s3cret');
    const short = '["http://probe:s3cret@127.0.0.1/",]';
    expect(describeJsonError(short, parseMessage(short))).not.toContain('s3cret');
  });

  it('reads the line and column Node 22 adds, and gives its own', () => {
    const text = '{\n  region: 1\n}';
    expect(describeJsonError(text, "Expected property name or '}' in JSON at position 4 (line 2 column 3)")).toBe(
      "Expected property name or '}' at line 2 column 3",
    );
  });
});
