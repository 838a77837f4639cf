import { quoteForLog } from './quote-for-log.js';

/**
 * A command's argument that cannot be acted on: which one, and why, in one
 * line (`--component: "Registy" is not the name of a component …`). The
 * command exits non-zero having changed nothing.
 */
export class ArgumentError extends Error {
  override readonly name = 'ArgumentError';
  readonly argument: string;
  readonly reason: string;

  constructor(argument: string, reason: string) {
    super(quoteForLog(`${argument}: ${reason}`));
    this.argument = argument;
    this.reason = reason;
  }
}
