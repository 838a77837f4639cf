import { createTask } from 'node-cron';

/** How many upcoming runs are looked at to find the longest gap of an irregular schedule. */
const RUNS_SAMPLED = 24;

/**
 * The longest time between two runs of a node-cron schedule (with seconds),
 * among its next few runs: the interval a consumer must allow before calling
 * a status stale.
 */
export function scheduleIntervalMs(expression: string): number {
  const task = createTask(expression, () => {});
  try {
    const runs = task.getNextRuns(RUNS_SAMPLED).map((run) => run.getTime());
    let longest = 0;
    for (let index = 1; index < runs.length; index += 1) {
      longest = Math.max(longest, (runs[index] as number) - (runs[index - 1] as number));
    }
    return longest;
  } finally {
    void task.destroy();
  }
}
