/** A maintenance window as instants: `[startMs, endMs)`, for some components or (`undefined`) all. */
export interface MaintenancePeriod {
  readonly startMs: number;
  readonly endMs: number;
  readonly components: readonly string[] | undefined;
}

/** Whether `component` is inside a maintenance window at `now`: start inclusive, end exclusive. */
export function isUnderMaintenance(component: string, periods: readonly MaintenancePeriod[], now: Date): boolean {
  const at = now.getTime();
  return periods.some(
    (period) =>
      at >= period.startMs &&
      at < period.endMs &&
      (period.components === undefined || period.components.includes(component)),
  );
}
