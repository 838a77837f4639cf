import { describe, expect, it } from 'vitest';
import { isUnderMaintenance, type MaintenancePeriod } from '../../../src/time/is-under-maintenance.js';

const at = (iso: string) => new Date(iso);
const window = (start: string, end: string, components?: string[]): MaintenancePeriod => ({
  startMs: Date.parse(start),
  endMs: Date.parse(end),
  components,
});
const nightly = window('2026-11-21T02:00:00Z', '2026-11-21T04:00:00Z', ['Registry']);
const everything = window('2026-11-22T02:00:00Z', '2026-11-22T03:00:00Z');

describe('isUnderMaintenance', () => {
  it.each<[string, string, string, boolean]>([
    ['inside the window', 'Registry', '2026-11-21T03:00:00Z', true],
    ['at the very start', 'Registry', '2026-11-21T02:00:00Z', true],
    ['one second before the end', 'Registry', '2026-11-21T03:59:59Z', true],
    ['at the end, which is exclusive', 'Registry', '2026-11-21T04:00:00Z', false],
    ['before the window', 'Registry', '2026-11-21T01:59:59Z', false],
    ['a component the window does not name', 'Scheduler', '2026-11-21T03:00:00Z', false],
    ['any component in a window for all', 'Scheduler', '2026-11-22T02:30:00Z', true],
  ])('%s: %s at %s is %s', (_name, component, now, expected) => {
    expect(isUnderMaintenance(component, [nightly, everything], at(now))).toBe(expected);
  });

  const sundays: MaintenancePeriod = {
    recurrence: { cron: '0 2 * * 0', duration_minutes: 60, time_zone: 'Europe/Amsterdam' },
    components: ['Scheduler'],
  };

  it.each<[string, string, string, boolean]>([
    ['inside an occurrence of a recurring window', 'Scheduler', '2026-11-29T01:30:00Z', true],
    ['between occurrences of a recurring window', 'Scheduler', '2026-11-28T01:30:00Z', false],
    ['a component the recurring window does not name', 'Registry', '2026-11-29T01:30:00Z', false],
    ['inside the occurrence on a spring-forward day', 'Scheduler', '2026-03-29T01:30:00Z', true],
  ])('%s: %s at %s is %s', (_name, component, now, expected) => {
    expect(isUnderMaintenance(component, [nightly, sundays], at(now))).toBe(expected);
  });

  it('is false with no windows', () => {
    expect(isUnderMaintenance('Registry', [], at('2026-11-21T03:00:00Z'))).toBe(false);
  });
});
