import { describe, expect, it } from 'vitest';
import { findOccurrenceAt, listOccurrences, type Recurrence } from '../../../src/time/recurring-window.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const at = (iso: string) => new Date(iso);
const iso = (ms: number) => new Date(ms).toISOString();

/** Every Sunday 02:00-03:00 on Amsterdam's clocks. */
const sundayNight: Recurrence = { cron: '0 2 * * 0', duration_minutes: 60, time_zone: 'Europe/Amsterdam' };
/** Every day 23:30-01:30 in New York: across midnight. */
const lateNight: Recurrence = { cron: '30 23 * * *', duration_minutes: 120, time_zone: 'America/New_York' };
/** Every half hour, ten minutes, in Amsterdam: twice inside the repeated hour. */
const halfHourly: Recurrence = { cron: '*/30 * * * *', duration_minutes: 10, time_zone: 'Europe/Amsterdam' };

describe('findOccurrenceAt', () => {
  it.each<[string, Recurrence, string, string | undefined]>([
    ['a winter Sunday at 02:00 CET, the start', sundayNight, '2026-11-22T01:00:00Z', '2026-11-22T01:00:00.000Z'],
    ['a winter Sunday at 02:59:59 CET', sundayNight, '2026-11-22T01:59:59Z', '2026-11-22T01:00:00.000Z'],
    ['a winter Sunday at 03:00 CET, the exclusive end', sundayNight, '2026-11-22T02:00:00Z', undefined],
    ['a winter Sunday at 01:59:59 CET', sundayNight, '2026-11-22T00:59:59Z', undefined],
    ['a summer Sunday at 02:30 CEST', sundayNight, '2026-07-05T00:30:00Z', '2026-07-05T00:00:00.000Z'],
    ['a Saturday at 02:30 CET', sundayNight, '2026-11-21T01:30:00Z', undefined],
    // 2026-03-29: clocks jump from 02:00 to 03:00; 02:00 does not exist, the window runs 03:00-04:00 CEST.
    ['the spring-forward Sunday at 03:00 CEST', sundayNight, '2026-03-29T01:00:00Z', '2026-03-29T01:00:00.000Z'],
    ['the spring-forward Sunday at 03:59 CEST', sundayNight, '2026-03-29T01:59:00Z', '2026-03-29T01:00:00.000Z'],
    ['the spring-forward Sunday at 04:00 CEST', sundayNight, '2026-03-29T02:00:00Z', undefined],
    ['the spring-forward Sunday at 01:59 CET', sundayNight, '2026-03-29T00:59:00Z', undefined],
    // 2026-10-25: 02:00-03:00 happens twice; the window is the first, 02:00 CEST for sixty minutes.
    ['the fall-back Sunday at the first 02:00 (CEST)', sundayNight, '2026-10-25T00:00:00Z', '2026-10-25T00:00:00.000Z'],
    ['the fall-back Sunday at the first 02:59 (CEST)', sundayNight, '2026-10-25T00:59:00Z', '2026-10-25T00:00:00.000Z'],
    ['the fall-back Sunday at the second 02:00 (CET)', sundayNight, '2026-10-25T01:00:00Z', undefined],
    ['the fall-back Sunday at the second 02:30 (CET)', sundayNight, '2026-10-25T01:30:00Z', undefined],
    ['23:30 EST, the start of a window across midnight', lateNight, '2026-11-23T04:30:00Z', '2026-11-23T04:30:00.000Z'],
    ['00:45 EST the next day, after midnight', lateNight, '2026-11-24T05:45:00Z', '2026-11-24T04:30:00.000Z'],
    ['01:30 EST, the exclusive end', lateNight, '2026-11-24T06:30:00Z', undefined],
    ['the second 02:35 of fall-back, half-hourly', halfHourly, '2026-10-25T01:35:00Z', undefined],
    ['the first 02:35 of fall-back, half-hourly', halfHourly, '2026-10-25T00:35:00Z', '2026-10-25T00:30:00.000Z'],
  ])('%s', (_name, recurrence, now, expectedStart) => {
    const found = findOccurrenceAt(recurrence, at(now));
    expect(found === undefined ? undefined : iso(found.startMs)).toBe(expectedStart);
    if (found !== undefined) expect(found.endMs - found.startMs).toBe(recurrence.duration_minutes * 60_000);
  });
});

describe('listOccurrences', () => {
  it.each<[string, Recurrence, string, number, [string, string][]]>([
    [
      'the next three Sundays in winter',
      sundayNight,
      '2026-11-20T12:00:00Z',
      21 * DAY_MS,
      [
        ['2026-11-22T01:00:00.000Z', '2026-11-22T02:00:00.000Z'],
        ['2026-11-29T01:00:00.000Z', '2026-11-29T02:00:00.000Z'],
        ['2026-12-06T01:00:00.000Z', '2026-12-06T02:00:00.000Z'],
      ],
    ],
    [
      'the Sundays around spring-forward: 03:00-04:00 CEST on the day itself',
      sundayNight,
      '2026-03-21T00:00:00Z',
      14 * DAY_MS,
      [
        ['2026-03-22T01:00:00.000Z', '2026-03-22T02:00:00.000Z'],
        ['2026-03-29T01:00:00.000Z', '2026-03-29T02:00:00.000Z'],
      ],
    ],
    [
      'the Sundays around fall-back: one occurrence on the day, not two',
      sundayNight,
      '2026-10-17T00:00:00Z',
      14 * DAY_MS,
      [
        ['2026-10-18T00:00:00.000Z', '2026-10-18T01:00:00.000Z'],
        ['2026-10-25T00:00:00.000Z', '2026-10-25T01:00:00.000Z'],
      ],
    ],
    [
      'the occurrence in progress first, then the coming one',
      lateNight,
      '2026-11-24T05:00:00Z',
      DAY_MS,
      [
        ['2026-11-24T04:30:00.000Z', '2026-11-24T06:30:00.000Z'],
        ['2026-11-25T04:30:00.000Z', '2026-11-25T06:30:00.000Z'],
      ],
    ],
    ['nothing within a horizon of zero outside a window', sundayNight, '2026-11-20T12:00:00Z', 0, []],
    [
      'the half hours of fall-back night, each reading once',
      halfHourly,
      '2026-10-24T23:50:00Z',
      3 * HOUR_MS,
      [
        ['2026-10-25T00:00:00.000Z', '2026-10-25T00:10:00.000Z'],
        ['2026-10-25T00:30:00.000Z', '2026-10-25T00:40:00.000Z'],
        ['2026-10-25T02:00:00.000Z', '2026-10-25T02:10:00.000Z'],
        ['2026-10-25T02:30:00.000Z', '2026-10-25T02:40:00.000Z'],
      ],
    ],
  ])('%s', (_name, recurrence, from, horizonMs, expected) => {
    const occurrences = listOccurrences(recurrence, at(from), horizonMs);
    expect(occurrences.map((occurrence) => [iso(occurrence.startMs), iso(occurrence.endMs)])).toEqual(expected);
  });

  it('lists at most the limit', () => {
    const everyMinute: Recurrence = { cron: '* * * * *', duration_minutes: 1, time_zone: 'UTC' };
    expect(listOccurrences(everyMinute, at('2026-11-20T00:00:00Z'), DAY_MS, 5)).toHaveLength(5);
  });
});
