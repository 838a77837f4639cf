import { describe, expect, it } from 'vitest';
import { judgeMaintenanceState } from '../../../src/notices/judge-maintenance-state.js';
import type { Notice } from '../../../src/schemas/notice.js';

type MaintenanceNotice = Extract<Notice, { kind: 'maintenance' }>;

function maintenance(state: MaintenanceNotice['state']): MaintenanceNotice {
  return {
    id: 'migration',
    title: 'Registry storage migration',
    components: ['Registry'],
    kind: 'maintenance',
    state,
    window: { start: '2026-11-23T02:00:00Z', end: '2026-11-23T04:00:00Z' },
    updates: [{ at: '2026-11-20T10:00:00Z', state, text: 'Pushes may be slow.' }],
  };
}

describe('judgeMaintenanceState', () => {
  it.each<[MaintenanceNotice['state'], string, string]>([
    ['scheduled', '2026-11-23T01:59:59Z', 'scheduled'],
    ['scheduled', '2026-11-23T02:00:00Z', 'in_progress'],
    ['scheduled', '2026-11-23T04:00:00Z', 'completed'],
    // The team started early, or finished early: its word moves the state forward.
    ['in_progress', '2026-11-23T01:00:00Z', 'in_progress'],
    ['completed', '2026-11-23T03:00:00Z', 'completed'],
    // A window the clock has closed is over, whatever the last update said.
    ['in_progress', '2026-11-23T05:00:00Z', 'completed'],
  ])('judges a notice that says %s, at %s, %s', (state, at, expected) => {
    expect(judgeMaintenanceState(maintenance(state), Date.parse(at))).toBe(expected);
  });
});
