import { describe, expect, it } from 'vitest';
import { firstDayWithin, uptimeLabel } from '../../../src/badges/uptime-label.js';
import type { ComponentUptimeSummary } from '../../../src/schemas/uptime.js';
import { UPTIME_DAYS } from '../../../src/schemas/uptime.js';

/** A component whose data begins `daysOfData` days before the end of the columns (today included). */
function withDataFor(daysOfData: number): ComponentUptimeSummary {
  const statuses = Array.from({ length: UPTIME_DAYS }, (_, i) =>
    i >= UPTIME_DAYS - daysOfData ? 'operational' : null,
  );
  const window = { uptime_percent: 100, data_percent: 100 };
  return {
    name: 'Registry',
    slug: 'registry',
    uptime: { last_24h: window, last_7d: window, last_30d: window, last_90d: window },
    days: {
      uptime_percent: statuses.map((status) => (status === null ? null : 100)),
      worst_status: statuses,
      down_seconds: statuses.map(() => 0),
    },
  } as ComponentUptimeSummary;
}

// Entry 89 of the columns is 2026-11-27 when entry 0 is 2026-08-30.
const FIRST_DAY = '2026-08-30';

describe('what an uptime badge says its figure rests on', () => {
  it.each([
    [1, 'Registry uptime (since 27 Nov)'],
    [3, 'Registry uptime (since 25 Nov)'],
    [29, 'Registry uptime (since 30 Oct)'],
    [30, 'Registry uptime (30d)'],
    [90, 'Registry uptime (30d)'],
  ])('with %d days of data: %s', (days, label) => {
    expect(uptimeLabel('Registry', firstDayWithin(withDataFor(days), FIRST_DAY))).toBe(label);
  });

  it('keeps the window in the label when there is no data at all', () => {
    expect(uptimeLabel('Registry', firstDayWithin(withDataFor(0), FIRST_DAY))).toBe('Registry uptime (30d)');
  });
});
