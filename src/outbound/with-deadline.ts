/** How work run under a deadline ended: it settled, the deadline passed, or the caller's signal aborted it first. */
export type DeadlineOutcome<T> =
  | { readonly kind: 'settled'; readonly value: T }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'aborted'; readonly reason: unknown };

/**
 * The reason work left over is aborted with once its answer is in: one
 * object made once, because `abort()` without a reason builds a
 * `DOMException` (and its stack) every time, twice per check of a cycle.
 */
export const ANSWER_IN: Error = Object.freeze(new Error('the answer is in: the rest of the work is dropped'));

/**
 * Runs `work` and answers at `timeoutMs` at the latest, or as soon as
 * `signal` aborts, whatever the work is doing: the answer is settled by our
 * own timer, not by any timeout of the client. The signal handed to `work`
 * aborts (with `ANSWER_IN`) once the answer is in, so a request still lingering is dropped.
 * An already aborted `signal` answers `aborted` without starting the work.
 * The timer and the listener on `signal` are always removed. `work` should
 * not reject; if it does, so does this, after the same clean-up.
 */
export async function withDeadline<T>(
  work: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<DeadlineOutcome<T>> {
  if (signal?.aborted) return { kind: 'aborted', reason: signal.reason };
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let stop: (() => void) | undefined;
  const cutShort = new Promise<DeadlineOutcome<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs);
    stop = () => resolve({ kind: 'aborted', reason: signal?.reason });
    signal?.addEventListener('abort', stop, { once: true });
  });
  try {
    const settled = work(controller.signal).then((value): DeadlineOutcome<T> => ({ kind: 'settled', value }));
    return await Promise.race([settled, cutShort]);
  } finally {
    clearTimeout(timer);
    if (stop !== undefined) signal?.removeEventListener('abort', stop);
    controller.abort(ANSWER_IN);
  }
}
