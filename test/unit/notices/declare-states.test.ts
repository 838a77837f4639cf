import { describe, expect, it } from 'vitest';
import { declareStates, maintenanceWindowOf } from '../../../src/notices/declare-states.js';
import type { IncidentNotice, MaintenanceNotice, Notice } from '../../../src/schemas/notice.js';

function incident(id: string, updates: IncidentNotice['updates']): IncidentNotice {
  const state = updates.at(-1)?.state ?? 'investigating';
  return { id, title: `Notice ${id}`, components: [], kind: 'incident', state, updates };
}

const at = (minute: number) => `2026-11-25T14:${String(minute).padStart(2, '0')}:00Z`;

function maintenance(updates: MaintenanceNotice['updates'], components: string[] = ['Registry']): MaintenanceNotice {
  return {
    id: 'registry-upgrade',
    title: 'Registry upgrade',
    components,
    kind: 'maintenance',
    state: updates.at(-1)?.state ?? 'scheduled',
    window: { start: at(30), end: at(50) },
    updates,
  };
}

const statesOf = (notices: Notice[]) =>
  Object.fromEntries([...declareStates(notices).states].map(([name, { state, notice }]) => [name, [state, notice.id]]));

describe('declareStates', () => {
  it.each<[string, Notice[], Record<string, [string, string]>]>([
    [
      'each component as the latest update naming it declared it',
      [
        incident('a', [
          {
            at: at(0),
            state: 'investigating',
            text: 't',
            impact: { Builds: 'major_outage', Registry: 'degraded_performance' },
          },
          { at: at(5), state: 'identified', text: 't', impact: { Builds: 'partial_outage' } },
        ]),
      ],
      { Builds: ['partial_outage', 'a'], Registry: ['degraded_performance', 'a'] },
    ],
    [
      'nothing once the notice is resolved',
      [
        incident('a', [
          { at: at(0), state: 'investigating', text: 't', impact: { Builds: 'major_outage' } },
          { at: at(5), state: 'resolved', text: 't' },
        ]),
      ],
      {},
    ],
    [
      'nothing for operational: a declaration lifted while the notice stays open',
      [
        incident('a', [
          { at: at(0), state: 'investigating', text: 't', impact: { Builds: 'major_outage' } },
          { at: at(5), state: 'monitoring', text: 't', impact: { Builds: 'operational' } },
        ]),
      ],
      {},
    ],
    [
      'the worst of two open notices',
      [
        incident('a', [{ at: at(0), state: 'investigating', text: 't', impact: { Builds: 'degraded_performance' } }]),
        incident('b', [{ at: at(5), state: 'investigating', text: 't', impact: { Builds: 'major_outage' } }]),
      ],
      { Builds: ['major_outage', 'b'] },
    ],
    [
      'of two declaring the same state, the one opened first',
      [
        incident('late', [{ at: at(5), state: 'investigating', text: 't', impact: { Builds: 'partial_outage' } }]),
        incident('early', [{ at: at(0), state: 'investigating', text: 't', impact: { Builds: 'partial_outage' } }]),
      ],
      { Builds: ['partial_outage', 'early'] },
    ],
    [
      'nothing from a notice that declares nothing',
      [incident('a', [{ at: at(0), state: 'investigating', text: 't' }])],
      {},
    ],
  ])('%s', (_case, notices, expected) => {
    expect(statesOf(notices)).toEqual(expected);
  });

  it('carries the notice’s title, the reason shown', () => {
    const [only] = declareStates([
      incident('a', [{ at: at(0), state: 'investigating', text: 't', impact: { Builds: 'partial_outage' } }]),
    ]).states.values();
    expect(only?.notice).toEqual({ id: 'a', title: 'Notice a' });
  });

  it('takes the maintenance notices’ windows, leaving the config’s (window-…) to the settings', () => {
    const fromConfig = { ...maintenance([{ at: at(0), state: 'scheduled', text: 't' }]), id: 'window-2026-11-25-abc' };
    const declared = declareStates([maintenance([{ at: at(0), state: 'scheduled', text: 't' }]), fromConfig]);
    expect(declared.maintenance).toEqual([
      { startMs: Date.parse(at(30)), endMs: Date.parse(at(50)), components: ['Registry'] },
    ]);
  });
});

describe('maintenanceWindowOf', () => {
  it.each<[string, MaintenanceNotice['updates'], [number, number] | undefined]>([
    ['its window as scheduled', [{ at: at(0), state: 'scheduled', text: 't' }], [30, 50]],
    [
      'from an early start',
      [
        { at: at(0), state: 'scheduled', text: 't' },
        { at: at(25), state: 'in_progress', text: 't' },
      ],
      [25, 50],
    ],
    [
      'to an early completion',
      [
        { at: at(0), state: 'scheduled', text: 't' },
        { at: at(31), state: 'in_progress', text: 't' },
        { at: at(40), state: 'completed', text: 't' },
      ],
      [30, 40],
    ],
    [
      'none when completed before it began',
      [
        { at: at(0), state: 'scheduled', text: 't' },
        { at: at(10), state: 'completed', text: 't' },
      ],
      undefined,
    ],
  ])('%s', (_case, updates, minutes) => {
    const expected =
      minutes === undefined
        ? []
        : [{ startMs: Date.parse(at(minutes[0])), endMs: Date.parse(at(minutes[1])), components: ['Registry'] }];
    expect(maintenanceWindowOf(maintenance(updates))).toEqual(expected);
  });

  it('covers every component when the notice names none', () => {
    expect(
      maintenanceWindowOf(maintenance([{ at: at(0), state: 'scheduled', text: 't' }], []))[0]?.components,
    ).toBeUndefined();
  });
});
