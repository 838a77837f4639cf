import { describe, expect, it } from 'vitest';
import { prefersMarkdown } from '../../../src/server/prefers-markdown.js';

describe('prefersMarkdown', () => {
  it.each([
    [undefined, false],
    ['text/markdown', true],
    ['TEXT/MARKDOWN', true],
    ['text/markdown, text/html;q=0.9', true],
    ['text/markdown;q=0.5, text/html', false],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
    ['text/markdown;q=0.9, */*;q=0.8', true],
    ['text/markdown;q=0', false],
    ['text/*', false],
    ['text/markdown, text/plain', true],
  ])('Accept %j -> %s', (accept, markdown) => {
    expect(prefersMarkdown(accept)).toBe(markdown);
  });
});
