import { getEventListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type DeadlineOutcome, withDeadline } from '../../../src/outbound/with-deadline.js';

/** Work that settles after `ms` with `value`, or never when `ms` is `undefined`; it records the signal it got. */
function workFor(ms: number | undefined, value = 'done') {
  const seen: { signal?: AbortSignal; calls: number } = { calls: 0 };
  const work = (signal: AbortSignal) => {
    seen.signal = signal;
    seen.calls += 1;
    return ms === undefined ? new Promise<string>(() => {}) : sleep(ms, value);
  };
  return { work, seen };
}

const pendingAborts: NodeJS.Timeout[] = [];
const abortAfter = (ms: number, reason: unknown) => {
  const controller = new AbortController();
  pendingAborts.push(setTimeout(() => controller.abort(reason), ms));
  return controller.signal;
};
afterEach(() => {
  for (const timer of pendingAborts.splice(0)) clearTimeout(timer);
});

describe('withDeadline', () => {
  it.each<{
    name: string;
    workMs: number | undefined;
    timeoutMs: number;
    signal: () => AbortSignal | undefined;
    expected: DeadlineOutcome<string>;
  }>([
    {
      name: 'work that settles in time gives its value',
      workMs: 5,
      timeoutMs: 1_000,
      signal: () => undefined,
      expected: { kind: 'settled', value: 'done' },
    },
    {
      name: 'work that settles in time under a signal that never aborts gives its value',
      workMs: 5,
      timeoutMs: 1_000,
      signal: () => new AbortController().signal,
      expected: { kind: 'settled', value: 'done' },
    },
    {
      name: 'work that outlasts the deadline gives a timeout',
      workMs: undefined,
      timeoutMs: 20,
      signal: () => undefined,
      expected: { kind: 'timeout' },
    },
    {
      name: 'work slower than the deadline gives a timeout, not its late value',
      workMs: 200,
      timeoutMs: 20,
      signal: () => undefined,
      expected: { kind: 'timeout' },
    },
    {
      name: 'a signal that aborts before the deadline gives aborted, with its reason',
      workMs: undefined,
      timeoutMs: 1_000,
      signal: () => abortAfter(10, 'shutdown'),
      expected: { kind: 'aborted', reason: 'shutdown' },
    },
    {
      name: 'a signal that aborts after the deadline changes nothing',
      workMs: undefined,
      timeoutMs: 10,
      signal: () => abortAfter(100, 'late'),
      expected: { kind: 'timeout' },
    },
  ])('$name', async ({ workMs, timeoutMs, signal, expected }) => {
    const { work, seen } = workFor(workMs);
    const outer = signal();
    const started = performance.now();
    const outcome = await withDeadline(work, timeoutMs, outer);
    const elapsed = performance.now() - started;
    expect(outcome).toEqual(expected);
    expect(elapsed).toBeLessThan(timeoutMs + 500);
    if (expected.kind === 'timeout') expect(elapsed).toBeGreaterThanOrEqual(timeoutMs - 2);
    expect(seen.calls).toBe(1);
    expect(seen.signal?.aborted).toBe(true);
    if (outer !== undefined) expect(getEventListeners(outer, 'abort')).toHaveLength(0);
  });

  it('does not start the work when the signal is already aborted', async () => {
    const { work, seen } = workFor(5);
    const controller = new AbortController();
    controller.abort('stopped before');
    expect(await withDeadline(work, 1_000, controller.signal)).toEqual({ kind: 'aborted', reason: 'stopped before' });
    expect(seen.calls).toBe(0);
  });

  it('leaves no timer behind once the work settles', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const before = timers();
    await withDeadline(workFor(5).work, 60_000);
    // A leaked deadline would be one more; timers of earlier tests may end meanwhile, never start.
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('rejects as the work does, after the same clean-up', async () => {
    const controller = new AbortController();
    let inner: AbortSignal | undefined;
    const failing = withDeadline(
      async (signal) => {
        inner = signal;
        await sleep(5);
        throw new Error('work failed');
      },
      1_000,
      controller.signal,
    );
    await expect(failing).rejects.toThrow('work failed');
    expect(inner?.aborted).toBe(true);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
