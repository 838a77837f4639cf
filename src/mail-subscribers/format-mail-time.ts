import { formatMessage } from './mail-messages.js';
import type { MailLanguage } from './subscription-choice.js';

const DAY_AND_TIME = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
} as const;

/** Formatters kept at most: one per language and zone in use; past it the oldest is dropped. */
const MAX_FORMATTERS = 1_000;
// An Intl formatter holds ICU memory the collector does not see: made once per language and zone, not per mail.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(language: MailLanguage, timeZone: string): Intl.DateTimeFormat {
  const key = `${language} ${timeZone}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(language, { ...DAY_AND_TIME, timeZone });
    formatters.set(key, formatter);
    if (formatters.size > MAX_FORMATTERS) formatters.delete(formatters.keys().next().value ?? key);
  }
  return formatter;
}

/**
 * A moment in the subscriber's zone and in UTC, in their language:
 * "Nov 27, 2026, 15:02 GMT+1 (Nov 27, 2026, 14:02 UTC)". Pure.
 */
export function formatMailTime(atMs: number, language: MailLanguage, timeZone: string): string {
  const local = formatterOf(language, timeZone).format(atMs);
  const utc = formatterOf(language, 'UTC').format(atMs);
  return formatMessage(language, 'time.both', { local, utc });
}
