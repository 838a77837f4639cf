import type { Problem } from '../errors/input-error.js';
import { isRecurringWindow, type MaintenanceWindow } from '../schemas/maintenance-window.js';
import { SEARCH_LIMIT_YEARS } from './next-cron-run.js';
import { listOccurrences } from './recurring-window.js';

const YEAR_MS = 366 * 86_400_000;
/** How many coming starts are compared for overlap: enough for a year of weekly or a month of hourly windows. */
const OVERLAP_SAMPLE = 1_000;

/**
 * What is wrong with the recurring windows of `maintenance` from `now` on,
 * that their schema cannot see: a `cron` node-cron accepts that does not run
 * within the search limit (a window that never starts is a mistake, not a
 * plan), and a `duration_minutes` longer than the time between two starts
 * (occurrences that overlap: the recurrence would keep components in
 * maintenance for good). Overlap is judged on the coming year's starts, up
 * to `OVERLAP_SAMPLE` of them. Pure: the caller says what time it is.
 */
export function judgeRecurrences(maintenance: readonly MaintenanceWindow[], now: Date): Problem[] {
  return maintenance.flatMap((window, index): Problem[] => {
    if (!isRecurringWindow(window)) return [];
    if (listOccurrences(window, now, SEARCH_LIMIT_YEARS * YEAR_MS, 1).length === 0) {
      const reason = `${JSON.stringify(window.cron)} does not run within ${SEARCH_LIMIT_YEARS} years`;
      return [{ path: `maintenance[${index}].cron`, reason }];
    }
    const starts = listOccurrences(window, now, YEAR_MS, OVERLAP_SAMPLE).map((occurrence) => occurrence.startMs);
    for (let next = 1; next < starts.length; next += 1) {
      const gapMs = (starts[next] ?? 0) - (starts[next - 1] ?? 0);
      if (window.duration_minutes * 60_000 <= gapMs) continue;
      const from = new Date(starts[next - 1] ?? 0).toISOString().replace('.000Z', 'Z');
      const to = new Date(starts[next] ?? 0).toISOString().replace('.000Z', 'Z');
      return [
        {
          path: `maintenance[${index}].duration_minutes`,
          reason: `is longer than the ${gapMs / 60_000} minutes between two starts (${from} and ${to}); occurrences would overlap`,
        },
      ];
    }
    return [];
  });
}
