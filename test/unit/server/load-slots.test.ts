import { describe, expect, it } from 'vitest';
import { LoadSlots } from '../../../src/server/load-slots.js';

/** A task that runs until its `finish` is called, recording when it started. */
function heldTask(started: string[], name: string) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

describe('LoadSlots', () => {
  it('runs at most its number of tasks at once, queues the next ones in order, and refuses past the queue', async () => {
    const slots = new LoadSlots(2, 1);
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => heldTask(started, name));
    if (!a || !b || !c || !d) throw new Error('four tasks');
    const running = [slots.run(a.task), slots.run(b.task), slots.run(c.task)];
    expect(slots.run(d.task)).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b']);
    expect(slots.busy).toBe(2);
    a.finish();
    await running[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c']);
    expect(slots.busy).toBe(2);
    b.finish();
    c.finish();
    expect(await Promise.all(running)).toEqual(['a', 'b', 'c']);
    expect(slots.busy).toBe(0);
  });

  it('frees the slot of a task that fails', async () => {
    const slots = new LoadSlots(1, 0);
    await expect(slots.run(() => Promise.reject(new Error('read failed')))).rejects.toThrow('read failed');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});
