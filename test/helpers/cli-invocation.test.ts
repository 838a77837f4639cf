import { describe, expect, it } from 'vitest';
import { BUILD_USAGE } from '../../src/cli/commands/build.js';
import { PROBE_USAGE } from '../../src/cli/commands/probe.js';
import { SERVE_USAGE } from '../../src/cli/commands/serve.js';
import { CLI_OPTIONS, findCliInvocation, findCliInvocations } from './cli-invocation.js';

describe('findCliInvocations', () => {
  it('finds the CLI in an argv and parses its options', () => {
    expect(findCliInvocation(['node', 'dist/src/cli/main.js', 'probe', '--once', '--out', 'public'])).toEqual({
      command: 'probe',
      values: { once: true, out: 'public' },
    });
  });

  it('stops at shell operators and redirections', () => {
    const words = 'cd /x && node dist/src/cli/main.js serve --public p 2>&1 | logger'.split(' ');
    expect(findCliInvocations(words)).toEqual([{ command: 'serve', values: { public: 'p' } }]);
  });

  it.each([
    ['an unknown subcommand', 'node dist/src/cli/main.js deploy'],
    ['an unknown option', 'node dist/src/cli/main.js build --out x'],
    ['a stray argument', 'node dist/src/cli/main.js serve extra'],
    ['a missing option value', 'node dist/src/cli/main.js probe --config'],
  ])('rejects %s', (_name, line) => {
    expect(() => findCliInvocations(line.split(' '))).toThrow();
  });

  it.each([
    ['build', BUILD_USAGE],
    ['serve', SERVE_USAGE],
    ['probe', PROBE_USAGE],
  ])('knows exactly the options that %s documents', (command, usage) => {
    const documented = [...usage.matchAll(/^\s+--([a-z-]+)/gm)].map((match) => match[1]).sort();
    expect(Object.keys(CLI_OPTIONS[command] ?? {}).sort()).toEqual(documented);
  });
});
