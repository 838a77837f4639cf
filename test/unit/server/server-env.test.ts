import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../src/io/read-env.js';
import { ServerEnvSchema } from '../../../src/server/server-env.js';

describe('ServerEnvSchema', () => {
  it('defaults to 127.0.0.1:3000 and reads PORT and HOST', () => {
    expect(readEnv(ServerEnvSchema, {})).toEqual({ PORT: 3000, HOST: '127.0.0.1' });
    expect(readEnv(ServerEnvSchema, { PORT: '0', HOST: '::1' })).toEqual({ PORT: 0, HOST: '::1' });
  });

  it.each(['abc', '70000', '-1', '30.5', ' 3000'])(
    'refuses PORT=%j, naming the variable, the value and the range',
    (value) => {
      expect(() => readEnv(ServerEnvSchema, { PORT: value })).toThrow(
        `environment: PORT: ${JSON.stringify(value)} is not a port: use a whole number from 0 to 65535 (0 picks a free port)`,
      );
    },
  );
});
