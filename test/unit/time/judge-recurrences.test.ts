import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../src/errors/input-error.js';
import type { MaintenanceWindow } from '../../../src/schemas/maintenance-window.js';
import { judgeRecurrences } from '../../../src/time/judge-recurrences.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const fixed: MaintenanceWindow = { start: '2026-11-21T02:00:00Z', end: '2026-11-28T02:00:00Z' };
const recurring = (cron: string, duration_minutes: number, time_zone = 'UTC'): MaintenanceWindow => ({
  cron,
  duration_minutes,
  time_zone,
});

describe('judgeRecurrences', () => {
  it.each<[string, MaintenanceWindow[], Problem[]]>([
    ['nothing in fixed windows, however long', [fixed], []],
    ['nothing in a weekly hour', [recurring('0 2 * * 0', 60, 'Europe/Amsterdam')], []],
    ['nothing in a weekly window a full week long', [recurring('0 2 * * 0', 10_080)], []],
    ['nothing in half-hourly windows that just touch', [recurring('*/30 * * * *', 30)], []],
    [
      'a cron that does not run within 8 years',
      [fixed, recurring('0 0 0 29 2 1', 60)],
      [{ path: 'maintenance[1].cron', reason: '"0 0 0 29 2 1" does not run within 8 years' }],
    ],
    [
      'daily windows longer than a day',
      [recurring('0 2 * * *', 1_500)],
      [
        {
          path: 'maintenance[0].duration_minutes',
          reason:
            'is longer than the 1440 minutes between two starts (2026-11-25T02:00:00Z and 2026-11-26T02:00:00Z); occurrences would overlap',
        },
      ],
    ],
    [
      'two starts an hour apart on the same day',
      [recurring('0 1,2 * * 1', 90)],
      [
        {
          path: 'maintenance[0].duration_minutes',
          reason:
            'is longer than the 60 minutes between two starts (2026-11-30T01:00:00Z and 2026-11-30T02:00:00Z); occurrences would overlap',
        },
      ],
    ],
  ])('finds %s', (_name, maintenance, expected) => {
    expect(judgeRecurrences(maintenance, NOW)).toEqual(expected);
  });
});
