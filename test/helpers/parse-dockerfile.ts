import { DockerfileParser } from 'dockerfile-ast';

/** One Dockerfile instruction, continuation lines joined. */
export interface DockerInstruction {
  /** Upper case: `RUN`, `COPY`, `USER`… */
  readonly keyword: string;
  /** Flags first (`--from=build`), then the arguments. */
  readonly args: string;
}

/** A build stage: its `FROM` line and what follows it up to the next `FROM`. */
export interface DockerStage {
  readonly image: string;
  readonly name: string | undefined;
  readonly instructions: readonly DockerInstruction[];
}

/**
 * Splits a Dockerfile into stages with `dockerfile-ast` (the parser behind
 * the Dockerfile language server), so comments, parser directives, escapes and
 * continuations are read as Docker reads them; instructions before the first
 * `FROM` (global `ARG`s) are not part of any stage.
 */
export function parseDockerfile(text: string): DockerStage[] {
  const stages: { image: string; name: string | undefined; instructions: DockerInstruction[] }[] = [];
  for (const instruction of DockerfileParser.parse(text).getInstructions()) {
    const keyword = instruction.getKeyword().toUpperCase();
    if (keyword === 'FROM') {
      const [image = '', as, name] = instruction.getArguments().map((argument) => argument.getValue());
      stages.push({ image, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
      continue;
    }
    const flags =
      'getFlags' in instruction && typeof instruction.getFlags === 'function'
        ? (instruction.getFlags() as { toString(): string }[]).map((flag) => flag.toString())
        : [];
    const args = [...flags, instruction.getArgumentsContent() ?? ''].join(' ').replace(/\s+/g, ' ').trim();
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
