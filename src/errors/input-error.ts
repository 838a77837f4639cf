/** One thing wrong with an input file: where in the document, and why. */
export interface Problem {
  /** JSON path inside the document, like `[3].country`; empty for the document as a whole. */
  readonly path: string;
  readonly reason: string;
}

/**
 * An input file (data, configuration, or a document read back) that cannot be used.
 * The message has one line per problem: `file: path: reason`.
 */
export class InputError extends Error {
  override readonly name = 'InputError';
  readonly file: string;
  readonly problems: readonly Problem[];

  constructor(file: string, problems: readonly Problem[], options?: ErrorOptions) {
    super(problems.map((problem) => formatProblem(file, problem)).join('\n'), options);
    this.file = file;
    this.problems = problems;
  }
}

function formatProblem(file: string, { path, reason }: Problem): string {
  return path === '' ? `${file}: ${reason}` : `${file}: ${path}: ${reason}`;
}
