import { describe, expect, it } from 'vitest';
import { judgeNoticesReplay, latestNoticeChange } from '../../../src/notices/keep-newer-notices.js';
import type { IncidentNotice, Notice } from '../../../src/schemas/notice.js';

const NOW = new Date('2026-11-25T14:05:00Z');

function incident(id: string, ...times: string[]): IncidentNotice {
  return {
    id,
    title: id,
    components: [],
    kind: 'incident',
    state: 'investigating',
    updates: times.map((at) => ({ at, state: 'investigating' as const, text: 'Looking.' })),
  };
}

describe('latestNoticeChange', () => {
  it('is the latest update or postmortem of any notice', () => {
    const withPostmortem: Notice = {
      ...incident('a', '2026-11-25T10:00:00Z'),
      postmortem: { at: '2026-11-25T13:00:00Z', text: 'Learnt.' },
    };
    expect(latestNoticeChange([withPostmortem, incident('b', '2026-11-25T12:00:00Z')])).toBe('2026-11-25T13:00:00Z');
    expect(latestNoticeChange([incident('a', '2026-11-25T10:00:00+02:00', '2026-11-25T08:30:00Z')])).toBe(
      '2026-11-25T08:30:00Z',
    );
    expect(latestNoticeChange([])).toBeUndefined();
  });
});

describe('judgeNoticesReplay', () => {
  const held = [incident('a', '2026-11-25T10:00:00Z'), incident('b', '2026-11-25T14:00:00Z')];

  it.each<[string, Notice[], Notice[] | undefined, 'take' | 'older']>([
    ['the first notices read', [incident('a', '2026-11-25T10:00:00Z')], undefined, 'take'],
    ['notices with a later change', [...held, incident('c', '2026-11-25T14:01:00Z')], held, 'take'],
    ['the same notices, read again', held, held, 'take'],
    ['a notice opened back-dated beside the newest', [...held, incident('c', '2026-11-20T00:00:00Z')], held, 'take'],
    ['the version before the newest notice', [held[0] as Notice], held, 'older'],
    ['no notices after some', [], held, 'older'],
    ['anything after notices with no change', [], [], 'take'],
    ['anything after notices dated in the future', [], [incident('x', '2026-11-25T16:00:00Z')], 'take'],
  ])('%s: %s', (_what, next, before, kind) => {
    expect(judgeNoticesReplay(next, before, NOW).kind).toBe(kind);
  });
});
