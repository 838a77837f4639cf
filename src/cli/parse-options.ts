import { parseArgs } from 'node:util';
import { UsageError } from './run-command.js';

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;
export type OptionSpec = Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>;

/**
 * Parses a command's flags strictly. Returns `undefined` when `--help` was
 * asked for (the usage has been printed); an unknown flag is a `UsageError`.
 */
export function parseOptions(
  args: string[],
  options: OptionSpec,
  usage: string,
): { values: OptionValues; positionals: string[] } | undefined {
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
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  }
}
