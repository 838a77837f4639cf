import { createTask, parse } from 'node-cron';

/** How far ahead a run is looked for: a schedule with no run in eight years (only 29 February) is an error. */
export const SEARCH_LIMIT_YEARS = 8;
const SEARCH_LIMIT_DAYS = SEARCH_LIMIT_YEARS * 366;

/**
 * The first run of a node-cron expression (seconds field allowed, local
 * time) strictly after `from`. Pure: the caller says what time it is, so a
 * scheduler can re-derive its next slot after the wall clock steps. Whether
 * an instant matches is node-cron's own decision (`match`); the expanded
 * fields only let the search skip months, days, hours and minutes that
 * cannot match.
 */
export function nextCronRun(expression: string, from: Date): Date {
  const fields = parse(expression);
  const task = createTask(expression, () => {});
  try {
    const first = (values: readonly (number | string)[]) => values.find((value) => typeof value === 'number') ?? 0;
    const earliest = { hour: first(fields.hour), minute: first(fields.minute), second: first(fields.second) };
    const dayMatches = (at: Date) => {
      const probe = new Date(at);
      probe.setHours(earliest.hour, earliest.minute, earliest.second, 0);
      return task.match(probe);
    };
    const at = new Date(from);
    at.setMilliseconds(0);
    at.setSeconds(at.getSeconds() + 1);
    const limit = from.getTime() + SEARCH_LIMIT_DAYS * 86_400_000;
    while (at.getTime() <= limit) {
      if (!fields.month.includes(at.getMonth() + 1)) {
        at.setMonth(at.getMonth() + 1, 1);
        at.setHours(0, 0, 0, 0);
      } else if (!dayMatches(at)) {
        at.setDate(at.getDate() + 1);
        at.setHours(0, 0, 0, 0);
      } else if (!fields.hour.includes(at.getHours())) {
        at.setHours(at.getHours() + 1, 0, 0, 0);
      } else if (!fields.minute.includes(at.getMinutes())) {
        at.setMinutes(at.getMinutes() + 1, 0, 0);
      } else {
        const second = fields.second.find((value) => value >= at.getSeconds());
        if (second !== undefined) {
          at.setSeconds(second);
          if (task.match(at)) return at;
        }
        at.setMinutes(at.getMinutes() + 1, 0, 0);
      }
    }
    throw new Error(
      `${JSON.stringify(expression)} has no run in the ${SEARCH_LIMIT_DAYS} days after ${from.toISOString()}`,
    );
  } finally {
    void task.destroy();
  }
}
