import { describe, expect, it } from 'vitest';
import { readWallClock, wallClockAsUtcMs, wallClockToInstant } from '../../../src/time/zoned-wall-clock.js';

/** A wall-clock reading written like an ISO time without a zone. */
const wall = (text: string) => Date.parse(`${text}Z`);

describe('wallClockToInstant', () => {
  it.each<[string, string, string, string]>([
    ['an ordinary winter reading', 'Europe/Amsterdam', '2026-11-22T02:00:00', '2026-11-22T01:00:00.000Z'],
    ['an ordinary summer reading', 'Europe/Amsterdam', '2026-07-05T02:00:00', '2026-07-05T00:00:00.000Z'],
    ['a skipped reading: the end of the skip', 'Europe/Amsterdam', '2026-03-29T02:00:00', '2026-03-29T01:00:00.000Z'],
    ['a skipped reading late in the skip', 'Europe/Amsterdam', '2026-03-29T02:59:59', '2026-03-29T01:00:00.000Z'],
    ['the first reading after the skip', 'Europe/Amsterdam', '2026-03-29T03:00:00', '2026-03-29T01:00:00.000Z'],
    ['a repeated reading: its first instant', 'Europe/Amsterdam', '2026-10-25T02:30:00', '2026-10-25T00:30:00.000Z'],
    ['a reading in New York across midnight', 'America/New_York', '2026-11-24T00:30:00', '2026-11-24T05:30:00.000Z'],
    ['a skipped half hour (Lord Howe)', 'Australia/Lord_Howe', '2026-10-04T02:15:00', '2026-10-03T15:30:00.000Z'],
    ['a reading in UTC', 'UTC', '2026-03-29T02:00:00', '2026-03-29T02:00:00.000Z'],
  ])('%s: %s %s is %s', (_name, timeZone, reading, expected) => {
    expect(new Date(wallClockToInstant(wall(reading), timeZone)).toISOString()).toBe(expected);
  });
});

describe('readWallClock', () => {
  it.each<[string, string, string]>([
    ['2026-10-25T00:30:00Z', 'Europe/Amsterdam', '2026-10-25T02:30:00'],
    ['2026-10-25T01:30:00Z', 'Europe/Amsterdam', '2026-10-25T02:30:00'],
    ['2026-11-24T04:59:59Z', 'America/New_York', '2026-11-23T23:59:59'],
  ])('%s in %s reads %s', (instant, timeZone, expected) => {
    expect(wallClockAsUtcMs(readWallClock(Date.parse(instant), timeZone))).toBe(wall(expected));
  });
});
