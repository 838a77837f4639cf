import { parseArgs } from 'node:util';
import { errorCode, errorMessage } from '../errors/describe-error.js';
import { describeSwallowedFlags, findSwallowedFlags } from './npm-swallowed-flags.js';
import { UsageError } from './run-command.js';

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;
export type OptionSpec = Record<string, { type: 'string' | 'boolean'; default?: string | boolean; multiple?: boolean }>;

/**
 * What to use instead of a flag people try that a command does not have
 * (`serve --port 3005`): the server's address comes from the environment.
 */
const INSTEAD_OF: Readonly<Record<string, string>> = {
  '--port': 'set the PORT environment variable instead, e.g. PORT=3005',
  '--host': 'set the HOST environment variable instead, e.g. HOST=0.0.0.0',
};

/**
 * Parses a command's flags strictly. Returns `undefined` when `--help` was
 * asked for (the usage has been printed); an unknown flag is a `UsageError`,
 * and so are flags `npm run` kept for itself (`findSwallowedFlags`): their
 * values would otherwise arrive as stray arguments. `env` is the process's
 * environment unless given.
 */
export function parseOptions(
  args: string[],
  options: OptionSpec,
  usage: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): { values: OptionValues; positionals: string[] } | undefined {
  const swallowed = findSwallowedFlags(Object.keys(options), env);
  if (swallowed.length > 0) throw new UsageError(describeSwallowedFlags(swallowed, env.npm_lifecycle_event));
  try {
    const parsed = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    });
    const values: OptionValues = parsed.values;
    if (values.help) {
      console.log(usage);
      return undefined;
    }
    return { values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(`${describeParseError(error)}\n\n${usage}`, { cause: error });
  }
}

/**
 * Node's parser's complaint in a sentence of our own: its wording carries an
 * unbalanced quote and advice about positionals that never applies here.
 */
export function describeParseError(error: unknown): string {
  const message = errorMessage(error);
  const code = errorCode(error);
  const flag = /'(-[^' ]*)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag !== undefined) {
    const instead = INSTEAD_OF[flag.split('=')[0] ?? flag];
    return `unknown option ${flag}${instead === undefined ? '' : `: ${instead}`}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag !== undefined) {
    return /argument missing/.test(message) ? `${flag} needs a value` : `${flag} takes no value`;
  }
  return message;
}
