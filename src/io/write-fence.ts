import { WriterFencedError } from '../errors/writer-fenced-error.js';

/**
 * What a writer that may lose its right to write (a probe under the writer
 * lock's lease) is asked just before each file it replaces and each history
 * transaction. It answers from memory, without I/O, so that nothing can
 * come between the answer and the write but the write's own system call: a
 * pause there is the one gap left, which readers close by refusing a
 * document older than the one they hold.
 */
export interface WriteFence {
  /** Whether this process may still write. */
  holds(): boolean;
}

/** Throws `WriterFencedError` naming what `describe` says unless `fence` holds; no fence always holds. */
export function checkFence(fence: WriteFence | undefined, describe: () => string): void {
  if (fence !== undefined && !fence.holds()) throw new WriterFencedError(describe());
}
