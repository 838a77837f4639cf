import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseDocument } from '../../../src/io/parse-document.js';

const Schema = z.strictObject({ version: z.literal('v1'), notices: z.array(z.unknown()) });

describe('parseDocument', () => {
  it.each([
    [100, '['],
    [400_000, '['],
    [30_000, '{"a":'],
  ])('refuses JSON nested %i deep, naming the file, before parsing it', (depth, open) => {
    const text = `{"version":"v1","notices":[${open.repeat(depth)}]}`;
    expect(() => parseDocument('https://notices.example/api/v1/notices', text, Schema)).toThrow(
      'https://notices.example/api/v1/notices: is not a document this reads: it nests deeper than 64 levels',
    );
  });

  it('parses a document within the bound', () => {
    expect(parseDocument('x.json', '{"version":"v1","notices":[[[[]]]]}', Schema)).toEqual({
      version: 'v1',
      notices: [[[[]]]],
    });
  });
});
