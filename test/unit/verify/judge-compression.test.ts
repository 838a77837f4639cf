import { describe, expect, it } from 'vitest';
import { judgeCompression } from '../../../src/verify/judge-compression.js';

describe('judgeCompression', () => {
  it.each([
    ['br with Vary', 'br', 'Accept-Encoding', 'pass', 5_000],
    ['gzip with Vary among others', 'gzip', 'Origin, accept-encoding', 'pass', 5_000],
    ['gzip with Vary: *', 'gzip', '*', 'pass', 5_000],
    ['gzip without Vary', 'gzip', null, 'fail', 5_000],
    ['br with a Vary that names something else', 'br', 'Origin', 'fail', 5_000],
    ['no coding', null, null, 'skip', 5_000],
    ['identity named', 'identity', 'Accept-Encoding', 'skip', 5_000],
    ['no coding on a body too small to gain from it', null, null, 'pass', 100],
    ['a coding verify did not ask for, with Vary', 'zstd', 'Accept-Encoding', 'skip', 5_000],
  ] as const)('%s: %s', (_name, coding, vary, outcome, bytes) => {
    expect(judgeCompression(coding, vary, bytes).outcome).toBe(outcome);
  });

  it('says why a compressed answer without Vary fails', () => {
    expect(judgeCompression('gzip', null, 5_000).actual).toContain('without Vary: Accept-Encoding');
  });
});
