/**
 * A write refused because this process may no longer be the writer: its
 * writer lock's lease may have passed to another probe (it was paused past
 * it, or its lock is another's now). Nothing was written; the writer stops.
 */
export class WriterFencedError extends Error {
  override readonly name = 'WriterFencedError';

  /** `what`: the file or record that was not written, as a log line names it. */
  constructor(what: string, options?: ErrorOptions) {
    super(`this probe is no longer the writer: ${what} not written`, options);
  }
}
