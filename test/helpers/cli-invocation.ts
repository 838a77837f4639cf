import { parseArgs } from 'node:util';
import { BUILD_OPTIONS } from '../../src/cli/commands/build.js';
import { PROBE_OPTIONS } from '../../src/cli/commands/probe.js';
import { SERVE_OPTIONS } from '../../src/cli/commands/serve.js';
import type { OptionSpec } from '../../src/cli/parse-options.js';

/** The compiled CLI, as production runs it (`node dist/src/cli/main.js <command>`). */
export const CLI_ENTRY_POINT = 'dist/src/cli/main.js';

type FlagKind = 'string' | 'boolean';

function kindsOf(spec: OptionSpec): Readonly<Record<string, FlagKind>> {
  return Object.fromEntries(Object.entries(spec).map(([name, { type }]) => [name, type]));
}

/**
 * The options of each subcommand the recipes use, taken from the commands
 * themselves.
 */
export const CLI_OPTIONS: Readonly<Record<string, Readonly<Record<string, FlagKind>>>> = {
  build: kindsOf(BUILD_OPTIONS),
  serve: kindsOf(SERVE_OPTIONS),
  probe: kindsOf(PROBE_OPTIONS),
};

/** One run of the CLI: its subcommand and options, parsed strictly as the CLI would. */
export interface CliInvocation {
  readonly command: string;
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
}

const SHELL_OPERATOR = /^(&&|\|\||\||;|&|\d*[<>].*)$/;

/**
 * Every run of the compiled CLI in `words` (an exec-form argv, or a shell line
 * split on blanks), up to the next shell operator or redirection. An unknown
 * subcommand or option throws, as it would make the real CLI exit 1.
 */
export function findCliInvocations(words: readonly string[]): CliInvocation[] {
  const found: CliInvocation[] = [];
  words.forEach((word, index) => {
    if (!word.endsWith(CLI_ENTRY_POINT)) return;
    const rest = words.slice(index + 1);
    const end = rest.findIndex((item) => SHELL_OPERATOR.test(item));
    const [command = '', ...args] = end === -1 ? rest : rest.slice(0, end);
    const spec = CLI_OPTIONS[command];
    if (spec === undefined) throw new Error(`unknown subcommand ${JSON.stringify(command)} in: ${words.join(' ')}`);
    const options = Object.fromEntries(Object.entries(spec).map(([name, type]) => [name, { type }]));
    const { values, positionals } = parseArgs({ args, options, strict: true, allowPositionals: true });
    if (positionals.length > 0) throw new Error(`unexpected arguments ${positionals.join(' ')} to ${command}`);
    const flat: Record<string, string | boolean | undefined> = {};
    for (const [name, value] of Object.entries(values)) flat[name] = Array.isArray(value) ? String(value) : value;
    found.push({ command, values: flat });
  });
  return found;
}

/** The one CLI run in `words`; throws when there is none or more than one. */
export function findCliInvocation(words: readonly string[]): CliInvocation {
  const found = findCliInvocations(words);
  const [only] = found;
  if (found.length !== 1 || only === undefined) throw new Error(`expected one CLI run in: ${words.join(' ')}`);
  return only;
}

/**
 * The Node options in `words` between the `node` program and the compiled CLI
 * (or `scripts/cli.mjs`, what the npm scripts run): `[]` when there are none.
 */
export function nodeOptionsOf(words: readonly string[]): string[] {
  const entry = words.findIndex((word) => word.endsWith(CLI_ENTRY_POINT) || word === 'scripts/cli.mjs');
  const node = words.slice(0, Math.max(entry, 0)).findLastIndex((word) => word === 'node' || word.endsWith('/node'));
  return entry === -1 || node === -1 ? [] : words.slice(node + 1, entry);
}
