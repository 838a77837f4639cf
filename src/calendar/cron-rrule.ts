import { parse } from 'node-cron';

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
/** The most rules one monthly schedule becomes: a time of day each. */
export const MAX_MONTHLY_TIMES = 24;

function isEvery(values: readonly (number | string)[], from: number, to: number): boolean {
  return values.length === to - from + 1 && values.every((value, index) => value === from + index);
}

function plainNumbers(values: readonly unknown[]): number[] | undefined {
  return values.every((value) => typeof value === 'number' && Number.isInteger(value))
    ? [...new Set(values as number[])].sort((a, b) => a - b)
    : undefined;
}

/** A day of the month: a number, or node-cron's `L` (the last), RFC 5545's `-1`. */
function monthDay(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return value === 'L' ? '-1' : undefined;
}

/** A day of the week: a number (7 is Sunday too), `1#2` (the second Monday) or `5L` (the last Friday). */
function weekDay(value: unknown): { readonly day: string; readonly ordinal: boolean } | undefined {
  if (typeof value === 'number') return { day: WEEKDAYS[value % 7] ?? 'SU', ordinal: false };
  const nth = /^([0-7])#([1-5])$/.exec(String(value));
  if (nth) return { day: `${nth[2]}${WEEKDAYS[Number(nth[1]) % 7]}`, ordinal: true };
  const last = /^([0-7])L$/.exec(String(value));
  if (last) return { day: `-1${WEEKDAYS[Number(last[1]) % 7]}`, ordinal: true };
  return undefined;
}

/**
 * The RFC 5545 recurrence rule (§3.3.10) of a node-cron schedule, read on the
 * clocks of one time zone: every day (every month, where it names days of
 * the month, or a day of the week as "the second Monday" or "the last
 * Friday", which RFC 5545 allows only monthly) at the listed hours, minutes and seconds, limited to the listed
 * months, days of the month (`L`: the last) and days of the week. node-cron
 * requires all its fields to match, as a rule's `BY` parts do. A monthly
 * schedule at several times of day is one rule per time. `undefined` for a
 * field a rule cannot say, or more than `MAX_MONTHLY_TIMES` such rules. Pure.
 */
export function cronToRrules(cron: string): string[] | undefined {
  const fields = parse(cron);
  const second = plainNumbers(fields.second);
  const minute = plainNumbers(fields.minute);
  const hour = plainNumbers(fields.hour);
  const month = plainNumbers(fields.month);
  const monthDays = fields.dayOfMonth.map(monthDay);
  const weekDays = fields.dayOfWeek.map(weekDay);
  if (second === undefined || minute === undefined || hour === undefined || month === undefined) return undefined;
  if (monthDays.includes(undefined) || weekDays.includes(undefined)) return undefined;
  const days = [...new Set(weekDays.flatMap((day) => (day === undefined ? [] : [day.day])))];
  const ordinal = weekDays.some((day) => day?.ordinal === true);
  const someMonthDays = !isEvery(fields.dayOfMonth, 1, 31);
  // Days of the month are a monthly rule's to expand; parsers loop on them in a daily one.
  const parts = [ordinal || someMonthDays ? 'FREQ=MONTHLY' : 'FREQ=DAILY'];
  if (!isEvery(month, 1, 12)) parts.push(`BYMONTH=${month.join(',')}`);
  if (someMonthDays) parts.push(`BYMONTHDAY=${monthDays.join(',')}`);
  if (ordinal || !isEvery(fields.dayOfWeek, 0, 6)) parts.push(`BYDAY=${days.join(',')}`);
  if (parts[0] === 'FREQ=DAILY') {
    parts.push(`BYHOUR=${hour.join(',')}`, `BYMINUTE=${minute.join(',')}`, `BYSECOND=${second.join(',')}`);
    return [parts.join(';')];
  }
  // A monthly rule with several times of day is one rule per time: parsers (ical.js) add days to such a rule.
  const times = hour.flatMap((h) => minute.flatMap((m) => second.map((sec) => [h, m, sec] as const)));
  if (times.length > MAX_MONTHLY_TIMES) return undefined;
  return times.map(([h, m, sec]) => [...parts, `BYHOUR=${h}`, `BYMINUTE=${m}`, `BYSECOND=${sec}`].join(';'));
}
