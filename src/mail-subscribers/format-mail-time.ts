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

/**
 * A moment in the subscriber's zone and in UTC, in their language:
 * "Nov 27, 2026, 15:02 GMT+1 (Nov 27, 2026, 14:02 UTC)". Pure.
 */
export function formatMailTime(atMs: number, language: MailLanguage, timeZone: string): string {
  const local = new Intl.DateTimeFormat(language, { ...DAY_AND_TIME, timeZone }).format(atMs);
  const utc = new Intl.DateTimeFormat(language, { ...DAY_AND_TIME, timeZone: 'UTC' }).format(atMs);
  return formatMessage(language, 'time.both', { local, utc });
}
