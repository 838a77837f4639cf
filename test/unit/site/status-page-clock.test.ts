import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageModules, preparePageModules } from '../../helpers/page-modules.js';

let modules: PageModules;
let nextClockOffset: (previousMs: number | undefined, measuredMs: number) => number;

beforeAll(async () => {
  modules = await preparePageModules();
  ({ nextClockOffset } = await modules.import<{ nextClockOffset: typeof nextClockOffset }>('status-page.state.js'));
});
afterAll(async () => {
  await modules.remove();
});

describe('the server clock the page keeps', () => {
  it('takes the first reading as it is', () => {
    expect(nextClockOffset(undefined, -900)).toBe(-900);
  });

  it('keeps the larger of readings a whole-second Date header puts within a second or two of each other', () => {
    // 12:00:00.900 reads 12:00:00 (-900 ms); 12:00:15.100 reads 12:00:15 (-100 ms): the second is nearer the truth.
    expect(nextClockOffset(-900, -100)).toBe(-100);
    // And the next, a worse reading again, does not take the clock back: "13 seconds ago" never turns 11.
    expect(nextClockOffset(-100, -950)).toBe(-100);
  });

  it('follows a clock that was stepped, forwards or back', () => {
    expect(nextClockOffset(-100, 60_000)).toBe(60_000);
    expect(nextClockOffset(60_000, -100)).toBe(-100);
  });
});
