import { quoteForLog } from './quote-for-log.js';

/** One thing wrong with an input file: where in the document, and why. */
export interface Problem {
  /** JSON path inside the document, like `[3].country`; empty for the document as a whole. */
  readonly path: string;
  readonly reason: string;
}

/**
 * How long one line of the message may be: a problem quotes what it is
 * about (a name, a key), and the input decides how long that is.
 */
export const MAX_PROBLEM_LINE_CHARS = 1_000;

/**
 * An input file (data, configuration, or a document read back) that cannot be used.
 * The message has one line per problem: `file: path: reason`, with anything
 * unprintable it quotes from the input escaped (`quoteForLog`) and cut to
 * `MAX_PROBLEM_LINE_CHARS`, since it goes to a terminal or a log.
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
  return quoteForLog(path === '' ? `${file}: ${reason}` : `${file}: ${path}: ${reason}`, MAX_PROBLEM_LINE_CHARS);
}
