import { describe, expect, it } from 'vitest';
import { judgeJsonNesting, MAX_JSON_DEPTH } from '../../../src/io/judge-json-nesting.js';

describe('judgeJsonNesting', () => {
  it.each([
    ['an object of arrays', '{"a":[1,[2,{"b":[]}]],"c":"x"}'],
    ['brackets inside strings, escaped quotes among them', `{"a":"[[[[\\"[[[[","b":["]]]]"]}`],
    ['a scalar', '42'],
    ['nesting at the bound', `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`],
  ])('lets %s through', (_what, text) => {
    expect(judgeJsonNesting(text)).toBeUndefined();
  });

  it.each([
    ['arrays', MAX_JSON_DEPTH + 1, '['],
    ['arrays', 200_000, '['],
    ['objects', 50_000, '{"a":'],
    ['arrays, never closed', 3_000_000, '['],
  ])('refuses %s nested %i deep, before any parse', (_what, depth, open) => {
    expect(judgeJsonNesting(open.repeat(depth))).toBe(`nests deeper than ${MAX_JSON_DEPTH} levels`);
  });

  it('refuses more arrays and objects than its bound, however shallow', () => {
    expect(judgeJsonNesting(`[${'[],'.repeat(1_000)}[]]`, { maxContainers: 500 })).toBe(
      'holds more than 500 arrays and objects',
    );
    expect(judgeJsonNesting(`[${'[],'.repeat(400)}[]]`, { maxContainers: 500 })).toBeUndefined();
  });
});
