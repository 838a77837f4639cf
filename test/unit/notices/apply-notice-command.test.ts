import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../../src/errors/argument-error.js';
import {
  applyNoticeCommand,
  type CommandContext,
  type NoticeCommand,
} from '../../../src/notices/apply-notice-command.js';
import type { Notice } from '../../../src/schemas/notice.js';

const NOW = new Date('2026-11-25T14:02:07.500Z');
const NAMES = new Set(['Build Service', 'Registry']);

function context(notices: Notice[] = [], at?: string): CommandContext {
  return { notices, componentNames: NAMES, componentsFile: 'data/components.json', at, now: NOW };
}

const open: NoticeCommand = {
  kind: 'open',
  id: undefined,
  title: 'Builds are failing',
  state: undefined,
  text: ' A fifth of builds fail. ',
  components: [{ name: 'Build Service', state: 'partial_outage' }],
};

function opened(): Notice[] {
  return applyNoticeCommand(open, context()).notices;
}

function refusal(command: NoticeCommand, notices: Notice[] = opened(), at?: string): string {
  try {
    applyNoticeCommand(command, context(notices, at));
  } catch (error) {
    if (error instanceof ArgumentError) return error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe('applyNoticeCommand', () => {
  it('opens an incident investigating, its id from the title and the UTC day, its time to the second', () => {
    expect(opened()).toEqual([
      {
        id: 'builds-are-failing-2026-11-25',
        title: 'Builds are failing',
        components: ['Build Service'],
        kind: 'incident',
        state: 'investigating',
        updates: [
          {
            at: '2026-11-25T14:02:07Z',
            state: 'investigating',
            text: 'A fifth of builds fail.',
            impact: { 'Build Service': 'partial_outage' },
          },
        ],
      },
    ]);
  });

  it('updates with a state, a text and what it declares now, adding a component it did not affect', () => {
    const update: NoticeCommand = {
      kind: 'update',
      id: 'builds-are-failing-2026-11-25',
      state: 'identified',
      text: 'A storage node is full.',
      components: [
        { name: 'Registry', state: 'degraded_performance' },
        { name: 'Build Service', state: 'major_outage' },
      ],
    };
    const [notice] = applyNoticeCommand(update, context(opened(), '2026-11-25T14:20:00Z')).notices;
    expect(notice).toMatchObject({ state: 'identified', components: ['Build Service', 'Registry'] });
    expect(notice?.updates.at(-1)).toEqual({
      at: '2026-11-25T14:20:00Z',
      state: 'identified',
      text: 'A storage node is full.',
      impact: { Registry: 'degraded_performance', 'Build Service': 'major_outage' },
    });
  });

  it('resolves, then takes a postmortem, in the order the file keeps', () => {
    const resolved = applyNoticeCommand(
      { kind: 'resolve', id: 'builds-are-failing-2026-11-25', text: 'Fixed.' },
      context(opened()),
    );
    const withPostmortem = applyNoticeCommand(
      { kind: 'postmortem', id: 'builds-are-failing-2026-11-25', text: 'A disk filled up.\n\nWe now alert at 80 %.\n' },
      context(resolved.notices, '2026-11-26T09:00:00Z'),
    );
    expect(withPostmortem.notice).toMatchObject({
      state: 'resolved',
      postmortem: { at: '2026-11-26T09:00:00Z', text: 'A disk filled up.\n\nWe now alert at 80 %.' },
    });
  });

  it('schedules a maintenance (its id from the day it starts), starts it and completes it, with default texts', () => {
    const scheduled = applyNoticeCommand(
      {
        kind: 'schedule',
        id: undefined,
        title: 'Registry upgrade',
        start: '2026-11-26T02:00:00Z',
        end: '2026-11-26T04:00:00Z',
        text: 'Pushes may fail for a few minutes.',
        components: [{ name: 'Registry', state: undefined }],
      },
      context(),
    );
    const started = applyNoticeCommand(
      { kind: 'start', id: 'registry-upgrade-2026-11-26', text: undefined },
      context(scheduled.notices),
    );
    const completed = applyNoticeCommand(
      { kind: 'complete', id: 'registry-upgrade-2026-11-26', text: undefined },
      context(started.notices),
    );
    expect(completed.notice).toMatchObject({
      kind: 'maintenance',
      state: 'completed',
      window: { start: '2026-11-26T02:00:00Z', end: '2026-11-26T04:00:00Z' },
    });
    expect(completed.notice.updates.map((update) => [update.state, update.text])).toEqual([
      ['scheduled', 'Pushes may fail for a few minutes.'],
      ['in_progress', 'The maintenance has begun.'],
      ['completed', 'The maintenance is complete.'],
    ]);
  });

  const update = (overrides: Partial<Extract<NoticeCommand, { kind: 'update' }>> = {}): NoticeCommand => ({
    kind: 'update',
    id: 'builds-are-failing-2026-11-25',
    state: 'identified',
    text: 'More.',
    components: [],
    ...overrides,
  });

  it.each<[string, () => string, RegExp]>([
    ['a missing title', () => refusal({ ...open, title: undefined }, []), /^--title: is required$/],
    [
      'an unknown component',
      () => refusal({ ...open, components: [{ name: 'Registy', state: 'major_outage' }] }, []),
      /^--component: "Registy=major_outage": "Registy" is not a component in data\/components.json; did you mean Registry\?$/,
    ],
    [
      'maintenance declared by an incident',
      () => refusal({ ...open, components: [{ name: 'Registry', state: 'under_maintenance' }] }, []),
      /not a state an incident declares .*; maintenance is a maintenance notice$/,
    ],
    [
      'a component named twice',
      () =>
        refusal(
          {
            ...open,
            components: [
              { name: 'Registry', state: undefined },
              { name: 'Registry', state: 'major_outage' },
            ],
          },
          [],
        ),
      /^--component: .*"Registry" is named twice$/,
    ],
    ['opening resolved', () => refusal({ ...open, state: 'resolved' }, []), /^--state: "resolved" is its own command/],
    [
      'an id already used',
      () => refusal(open),
      /^--id: "builds-are-failing-2026-11-25" is already a notice; pass --id to name this one$/,
    ],
    [
      'an id that is not one',
      () => refusal({ ...open, id: 'Builds Failing' }, []),
      /^--id: "Builds Failing" must be lowercase letters, digits and dashes/,
    ],
    ['an unknown id', () => refusal(update({ id: 'nope' })), /^ID: no notice "nope"/],
    [
      'a maintenance state for an incident',
      () => refusal(update({ state: 'scheduled' })),
      /^--state: "scheduled" is a maintenance state; an incident moves as investigating, identified, monitoring$/,
    ],
    [
      'an update before the latest',
      () => refusal(update(), opened(), '2026-11-25T14:00:00Z'),
      /^--at: 2026-11-25T14:00:00Z is before the latest update of "builds-are-failing-2026-11-25" \(2026-11-25T14:02:07Z\)$/,
    ],
    [
      'a time that is not UTC to the second',
      () => refusal(update(), opened(), '2026-11-25 14:30'),
      /^--at: "2026-11-25 14:30" must be UTC to the second/,
    ],
    ['an empty text', () => refusal(update({ text: '  ' })), /^--text: must not be empty$/],
    [
      'a postmortem before the resolution',
      () => refusal({ kind: 'postmortem', id: 'builds-are-failing-2026-11-25', text: 'x' }),
      /^ID: .* is investigating: a postmortem follows the resolution/,
    ],
    [
      'starting an incident',
      () => refusal({ kind: 'start', id: 'builds-are-failing-2026-11-25', text: undefined }),
      /^ID: .* is an incident notice: use notice update or resolve$/,
    ],
    [
      'a window that ends before it starts',
      () =>
        refusal({
          kind: 'schedule',
          id: undefined,
          title: 'Upgrade',
          start: '2026-11-26T04:00:00Z',
          end: '2026-11-26T02:00:00Z',
          text: 't',
          components: [],
        }),
      /^--end: 2026-11-26T02:00:00Z is not after --start 2026-11-26T04:00:00Z$/,
    ],
    [
      'a maintenance declaring a state',
      () =>
        refusal({
          kind: 'schedule',
          id: undefined,
          title: 'Upgrade',
          start: '2026-11-26T02:00:00Z',
          end: '2026-11-26T04:00:00Z',
          text: 't',
          components: [{ name: 'Registry', state: 'major_outage' }],
        }),
      /^--component: "Registry=major_outage": a maintenance puts its components under maintenance/,
    ],
  ])('refuses %s, naming the argument and the reason', (_case, refused, message) => {
    expect(refused()).toMatch(message);
  });

  it.each([
    ['a second', '2026-11-25T14:02:08Z'],
    ['an hour', '2026-11-25T15:02:07Z'],
  ])(
    'dates an update with no --at %s behind the latest at the latest: an unstated time is never refused',
    (_by, latest) => {
      // The latest written by a command that ran first, on a clock a little ahead of this one's.
      const [first] = opened();
      if (first === undefined || first.kind !== 'incident') throw new Error('no incident opened');
      const notices: Notice[] = [{ ...first, updates: first.updates.map((update) => ({ ...update, at: latest })) }];
      const update: NoticeCommand = {
        kind: 'update',
        id: first.id,
        state: 'identified',
        text: 'Found.',
        components: [],
      };
      expect(applyNoticeCommand(update, context(notices)).notice.updates.map(({ at }) => at)).toEqual([latest, latest]);
      const resolve: NoticeCommand = { kind: 'resolve', id: first.id, text: 'Fixed.' };
      expect(applyNoticeCommand(resolve, context(notices)).notice.updates.at(-1)?.at).toBe(latest);
    },
  );

  it('refuses a --text that would reverse what a reader sees, naming the character', () => {
    expect(refusal({ ...open, text: 'Fixed \u202Egnirotinom' }, [])).toBe(
      '--text: contains an invisible formatting character (U+202E) at character 7; control and invisible formatting characters are refused',
    );
  });

  it('refuses to update a resolved incident: a new notice is a new story', () => {
    const resolved = applyNoticeCommand(
      { kind: 'resolve', id: 'builds-are-failing-2026-11-25', text: 'Fixed.' },
      context(opened()),
    );
    expect(refusal(update(), resolved.notices)).toMatch(
      /^ID: .* is resolved: open a new notice rather than reopen it$/,
    );
  });
});
