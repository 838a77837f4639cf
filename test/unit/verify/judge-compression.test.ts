import { describe, expect, it } from 'vitest';
import { judgeCompression } from '../../../src/verify/judge-compression.js';

describe('judgeCompression', () => {
  it.each([
    ['br with Vary', 'br', 'Accept-Encoding', 'pass'],
    ['gzip with Vary among others', 'gzip', 'Origin, accept-encoding', 'pass'],
    ['gzip with Vary: *', 'gzip', '*', 'pass'],
    ['gzip without Vary', 'gzip', null, 'fail'],
    ['br with a Vary that names something else', 'br', 'Origin', 'fail'],
    ['no coding', null, null, 'skip'],
    ['identity named', 'identity', 'Accept-Encoding', 'skip'],
    ['a coding verify did not ask for, with Vary', 'zstd', 'Accept-Encoding', 'skip'],
  ] as const)('%s: %s', (_name, coding, vary, outcome) => {
    expect(judgeCompression(coding, vary).outcome).toBe(outcome);
  });

  it('says why a compressed answer without Vary fails', () => {
    expect(judgeCompression('gzip', null).actual).toContain('without Vary: Accept-Encoding');
  });
});
