import { MONTH_PATTERN } from '../schemas/monthly-report.js';

export { MONTH_PATTERN };

/** A month's UTC bounds, `[fromMs, toMs)`. */
export interface MonthPeriod {
  readonly month: string;
  readonly fromMs: number;
  readonly toMs: number;
}

/** The UTC month of `ms`: `2026-11`. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** The bounds of `month` (`2026-11`); `undefined` for anything else. */
export function monthPeriod(month: string): MonthPeriod | undefined {
  if (!MONTH_PATTERN.test(month)) return undefined;
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  return { month, fromMs: Date.UTC(year, index, 1), toMs: Date.UTC(year, index + 1, 1) };
}
