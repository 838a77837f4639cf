import { describe, expect, it } from 'vitest';
import { describeParseError, parseOptions } from '../../../src/cli/parse-options.js';
import { parseStandinsPort } from '../../../src/cli/parse-standins-port.js';

/** The message a command line gets, with the usage left off. */
function complaint(args: string[]): string {
  try {
    parseOptions(args, { config: { type: 'string' }, once: { type: 'boolean' } }, 'USAGE');
  } catch (error) {
    return describeParseError(error instanceof Error ? error.cause : error);
  }
  throw new Error(`${args.join(' ')} parsed`);
}

describe('describeParseError', () => {
  it.each([
    [['--port', '3005'], 'unknown option --port: set the PORT environment variable instead, e.g. PORT=3005'],
    [['--host', '0.0.0.0'], 'unknown option --host: set the HOST environment variable instead, e.g. HOST=0.0.0.0'],
    [['--nope'], 'unknown option --nope'],
    [['--config'], '--config needs a value'],
    [['--once=yes'], '--once takes no value'],
  ])('says what is wrong with %j in words of its own, with no stray quote', (args, message) => {
    expect(complaint(args)).toBe(message);
  });
});

describe('parseStandinsPort', () => {
  it('reads a port and leaves an absent flag undefined', () => {
    expect(parseStandinsPort('5100')).toBe(5100);
    expect(parseStandinsPort(undefined)).toBeUndefined();
  });

  it.each(['abc', '0', '65532', '41.5', ''])('refuses %j, naming the flag and the range', (value) => {
    expect(() => parseStandinsPort(value, '--port')).toThrow(
      `--port: ${JSON.stringify(value)} is not a port: use a whole number from 1 to 65531`,
    );
  });
});
