import { describe, expect, it } from 'vitest';
import { couldNameFile } from '../../../src/server/file-name-limits.js';

describe('couldNameFile', () => {
  it.each([
    ['a short path', '/status-page.js', true],
    ['a segment of 255 bytes', `/${'x'.repeat(255)}`, true],
    ['a segment of 256 bytes', `/${'x'.repeat(256)}.json`, false],
    ['a long segment inside the path', `/docs/${'x'.repeat(300)}/index.html`, false],
    ['85 three-byte characters, 255 bytes', `/${'€'.repeat(85)}`, true],
    ['86 three-byte characters, 258 bytes', `/${'€'.repeat(86)}`, false],
    ['a path of 4,096 bytes', `/${Array.from({ length: 16 }, () => 'y'.repeat(255)).join('/')}`, true],
    ['a path over 4,096 bytes', `/${Array.from({ length: 17 }, () => 'y'.repeat(250)).join('/')}`, false],
  ])('%s: %s', (_name, path, expected) => {
    expect(couldNameFile(path)).toBe(expected);
  });
});
