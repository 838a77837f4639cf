import { createTask } from 'node-cron';
import { describe, expect, it } from 'vitest';
import { nextCronRun } from '../../../src/time/next-cron-run.js';

/** Local time, as cron reads it. */
const local = (text: string) => new Date(text);

describe('nextCronRun', () => {
  it.each([
    ['* * * * * *', '2026-11-22T10:00:00.000', '2026-11-22T10:00:01.000'],
    ['* * * * * *', '2026-11-22T10:00:00.400', '2026-11-22T10:00:01.000'],
    ['*/30 * * * * *', '2026-11-22T10:00:00.000', '2026-11-22T10:00:30.000'],
    ['*/30 * * * * *', '2026-11-22T10:00:45.000', '2026-11-22T10:01:00.000'],
    ['0 */5 * * * *', '2026-11-22T10:03:10.000', '2026-11-22T10:05:00.000'],
    ['*/5 * * * *', '2026-11-22T10:03:10.000', '2026-11-22T10:05:00.000'],
    ['0 0 3 * * *', '2026-11-22T10:00:00.000', '2026-11-23T03:00:00.000'],
    ['0 0 0 1 1 *', '2026-11-22T10:00:00.000', '2027-01-01T00:00:00.000'],
    ['0 0 12 * * 1', '2026-11-22T10:00:00.000', '2026-11-23T12:00:00.000'],
    ['0 0 0 29 2 *', '2026-11-22T10:00:00.000', '2028-02-29T00:00:00.000'],
  ])('%s after %s is %s', (expression, from, expected) => {
    expect(nextCronRun(expression, local(from))).toEqual(local(expected));
  });

  it('agrees with node-cron on the next runs of the shipped schedules', () => {
    for (const expression of ['*/30 * * * * *', '0 * * * * *', '15 */2 * * * *', '0 0 */6 * * *']) {
      const task = createTask(expression, () => {});
      const [expected] = task.getNextRuns(1);
      void task.destroy();
      expect(nextCronRun(expression, new Date())).toEqual(expected);
    }
  });
});
