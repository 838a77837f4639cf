import { findOccurrenceAt, type Recurrence } from './recurring-window.js';

/** A fixed maintenance window as instants: `[startMs, endMs)`, for some components or (`undefined`) all. */
export interface FixedMaintenancePeriod {
  readonly startMs: number;
  readonly endMs: number;
  readonly components: readonly string[] | undefined;
}

/** A recurring maintenance window: each occurrence is `[start, start + duration)`, as `findOccurrenceAt` decides. */
export interface RecurringMaintenancePeriod {
  readonly recurrence: Recurrence;
  readonly components: readonly string[] | undefined;
}

export type MaintenancePeriod = FixedMaintenancePeriod | RecurringMaintenancePeriod;

/**
 * Whether `component` is inside a maintenance window at `now`, fixed or
 * recurring: start inclusive, end exclusive.
 */
export function isUnderMaintenance(component: string, periods: readonly MaintenancePeriod[], now: Date): boolean {
  const at = now.getTime();
  return periods.some((period) => {
    if (period.components !== undefined && !period.components.includes(component)) return false;
    if ('recurrence' in period) return findOccurrenceAt(period.recurrence, now) !== undefined;
    return at >= period.startMs && at < period.endMs;
  });
}
