import { describe, expect, it } from 'vitest';
import { isPrecompressedSibling, isWorthPrecompressing } from '../../../src/compression/precompressed-siblings.js';

describe('isWorthPrecompressing', () => {
  it.each([
    ['an API document, which has no extension', '/api/v1/status', true],
    ["Statuspage's documents", '/api/v2/summary.json', true],
    ['a per-component JSON file', '/api/v1/component-history/api.json', true],
    ['the feed', '/feed.atom', true],
    ['a badge', '/badges/status.svg', true],
    ["the page's script", '/status-page.js', true],
    ['the page', '/index.html', true],
    ['an image compressed already', '/logo.png', false],
    ['a host config file', '/_headers', false],
    ['an extensionless file that is no document', '/api/v1/unknown', false],
    ['a sibling itself', '/api/v1/status.gz', false],
  ] as const)('%s (%s)', (_name, path, expected) => {
    expect(isWorthPrecompressing(path)).toBe(expected);
  });
});

describe('isPrecompressedSibling', () => {
  it.each([
    ["a document's gzip sibling", '/api/v1/status.gz', true],
    ["a document's Brotli sibling", '/api/v1/status.br', true],
    ["a script's sibling", '/status-page.js.gz', true],
    ['an archive offered for download', '/backup.tar.gz', false],
    ['a sibling of a file not worth compressing', '/logo.png.br', false],
    ['the document itself', '/api/v1/status', false],
  ] as const)('%s (%s)', (_name, path, expected) => {
    expect(isPrecompressedSibling(path)).toBe(expected);
  });
});
