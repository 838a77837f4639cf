import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../../src/server/negotiate-encoding.js';

const both = new Set(['br', 'gzip'] as const);
const gzipOnly = new Set(['gzip'] as const);
const none = new Set<'br' | 'gzip'>();

describe('negotiateEncoding', () => {
  it.each([
    ['no header', undefined, both, 'identity'],
    ['an empty header', '', both, 'identity'],
    ["a browser's header", 'gzip, deflate, br, zstd', both, 'br'],
    ['gzip alone', 'gzip', both, 'gzip'],
    ['x-gzip, its old name', 'x-gzip', both, 'gzip'],
    ['br when only gzip is on offer', 'br', gzipOnly, 'identity'],
    ['br and gzip when only gzip is on offer', 'br, gzip', gzipOnly, 'gzip'],
    ['nothing on offer', 'br, gzip', none, 'identity'],
    ['a higher weight for gzip', 'br;q=0.5, gzip;q=0.9', both, 'gzip'],
    ['weights with spaces and upper case', 'BR ; Q=0.2 , GZIP ; q=1', both, 'gzip'],
    ['br refused', 'br;q=0, gzip', both, 'gzip'],
    ['everything refused but identity', 'br;q=0, gzip;q=0', both, 'identity'],
    ['identity asked for by name', 'identity', both, 'identity'],
    ['a wildcard', '*', both, 'br'],
    ['a wildcard with gzip preferred', '*;q=0.1, gzip', both, 'gzip'],
    ['a wildcard refused, identity refused with it', '*;q=0', both, 'identity'],
    ['a weight out of range, taken as a refusal', 'br;q=2, gzip', both, 'gzip'],
    ['a weight that is no number', 'br;q=lots, gzip;q=0.1', both, 'gzip'],
    ['an unknown coding only', 'compress', both, 'identity'],
  ] as const)('%s (%s)', (_name, header, available, expected) => {
    expect(negotiateEncoding(header, available)).toBe(expected);
  });
});
