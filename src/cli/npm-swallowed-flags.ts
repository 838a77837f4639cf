/**
 * The flags of a command (`names`, without dashes) that `npm run` took for settings of its own. Without
 * a `--` after the script's name, npm reads `--title X` as a config of its
 * own (it warns "Unknown cli config"), leaves `X` behind as an argument, and
 * tells the script only by `npm_config_title` in its environment. Empty
 * outside npm. Pure.
 */
export function findSwallowedFlags(
  names: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  if (env.npm_lifecycle_event === undefined) return [];
  return names
    .filter((name) => env[`npm_config_${name.replaceAll('-', '_')}`] !== undefined)
    .map((name) => `--${name}`);
}

/** What to tell someone whose flags npm took: the `--` they need, shown on their own script. */
export function describeSwallowedFlags(flags: readonly string[], script: string | undefined): string {
  const them = flags.length === 1 ? 'it' : 'them';
  return (
    `npm took ${flags.join(', ')} as its own setting${flags.length === 1 ? '' : 's'}, so this command never saw ${them}: ` +
    `put -- between the script and its arguments, as in npm run ${script ?? 'SCRIPT'} -- ARGUMENTS ${flags[0]} …`
  );
}
