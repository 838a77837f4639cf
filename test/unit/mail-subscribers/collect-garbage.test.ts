import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../../src/mail-subscribers/collect-garbage.js';

describe('collectGarbage', () => {
  it('collects what nothing holds any more, without --expose-gc on the command line', async () => {
    let held: object | undefined = { payload: new Array(1_000).fill('x') };
    const ref = new WeakRef(held);
    held = undefined;
    // A WeakRef's target is kept until the end of the current job: collect in a later one.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
    expect(held).toBeUndefined();
  });
});
