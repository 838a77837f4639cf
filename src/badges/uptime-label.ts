import type { ComponentUptimeSummary } from '../schemas/uptime.js';

/** The window of every uptime badge, in days. */
export const UPTIME_BADGE_DAYS = 30;

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * The first UTC day with data in a component's columns (entry `i` is
 * `firstDay + i`), if it falls inside the badge's window: the figure then
 * rests on less than 30 days. Undefined when the data covers the window, or
 * there is none. Pure.
 */
export function firstDayWithin(summary: ComponentUptimeSummary, firstDay: string): string | undefined {
  const statuses = summary.days.worst_status;
  const first = statuses.findIndex((status) => status !== null);
  if (first === -1 || first <= statuses.length - UPTIME_BADGE_DAYS) return undefined;
  return new Date(Date.parse(`${firstDay}T00:00:00Z`) + first * DAY_MS).toISOString().slice(0, 10);
}

/**
 * An uptime badge's label, saying what the figure rests on as the page does:
 * `Registry uptime (30d)` over a full window, `Registry uptime (since 27 Nov)`
 * while the history is younger than it (2.5 minutes of data are not "30
 * days"). `since` is a UTC date, `YYYY-MM-DD`. Pure.
 */
export function uptimeLabel(subject: string, since: string | undefined): string {
  if (since === undefined) return `${subject} uptime (${UPTIME_BADGE_DAYS}d)`;
  const [, month, day] = since.split('-').map(Number);
  return `${subject} uptime (since ${day} ${MONTHS[(month ?? 1) - 1]})`;
}
