/** One Dockerfile instruction, continuation lines joined. */
export interface DockerInstruction {
  /** Upper case: `RUN`, `COPY`, `USER`… */
  readonly keyword: string;
  readonly args: string;
}

/** A build stage: its `FROM` line and what follows it up to the next `FROM`. */
export interface DockerStage {
  readonly image: string;
  readonly name: string | undefined;
  readonly instructions: readonly DockerInstruction[];
}

/**
 * Splits a Dockerfile into stages. Comments and parser directives are dropped,
 * backslash continuations joined; instructions before the first `FROM` (global
 * `ARG`s) are not part of any stage.
 */
export function parseDockerfile(text: string): DockerStage[] {
  const stages: { image: string; name: string | undefined; instructions: DockerInstruction[] }[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    const space = whole.search(/\s/);
    const keyword = (space === -1 ? whole : whole.slice(0, space)).toUpperCase();
    const args = space === -1 ? '' : whole.slice(space + 1).trim();
    if (keyword === 'FROM') {
      const [image = '', as, name] = args.split(/\s+/);
      stages.push({ image, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
      continue;
    }
    stages.at(-1)?.instructions.push({ keyword, args });
  }
  return stages;
}

/** The instructions of a stage with the given keyword. */
export function instructionsOf(stage: DockerStage, keyword: string): DockerInstruction[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword);
}

/** An exec-form (`["node", "x.js"]`) argument list, or undefined for the shell form. */
export function execForm(args: string): string[] | undefined {
  if (!args.startsWith('[')) return undefined;
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) return undefined;
  return parsed;
}
