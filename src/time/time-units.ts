/** An hour and a day in milliseconds: the units the history's retention, buckets and reports count in. */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
