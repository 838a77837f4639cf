import { describe, expect, it } from 'vitest';
import { choosePrecompress, PrecompressEnvSchema } from '../../../src/compression/precompress-env.js';
import { InputError } from '../../../src/errors/input-error.js';
import { readEnv } from '../../../src/io/read-env.js';

describe('choosePrecompress', () => {
  it.each([
    ['neither flag nor variable', false, {}, false],
    ['the flag', true, {}, true],
    ['PRECOMPRESS=1', false, { PRECOMPRESS: '1' }, true],
    ['PRECOMPRESS=true', false, { PRECOMPRESS: 'true' }, true],
    ['PRECOMPRESS=0', false, { PRECOMPRESS: '0' }, false],
    ['PRECOMPRESS=false', false, { PRECOMPRESS: 'false' }, false],
    ['PRECOMPRESS empty', false, { PRECOMPRESS: '' }, false],
    ['the flag over PRECOMPRESS=0', true, { PRECOMPRESS: '0' }, true],
  ] as const)('%s', (_name, flag, env, expected) => {
    expect(choosePrecompress(flag, readEnv(PrecompressEnvSchema, env))).toBe(expected);
  });

  it('refuses a value that is no switch, naming the variable', () => {
    expect(() => readEnv(PrecompressEnvSchema, { PRECOMPRESS: 'yes' })).toThrow(InputError);
    expect(() => readEnv(PrecompressEnvSchema, { PRECOMPRESS: 'yes' })).toThrow(
      /PRECOMPRESS: "yes" is not a switch: use 1 or true to turn it on, 0 or false for off/,
    );
  });
});
