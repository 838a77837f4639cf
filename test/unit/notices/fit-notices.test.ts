import { describe, expect, it } from 'vitest';
import { fitNotices } from '../../../src/notices/fit-notices.js';
import { renderNotices } from '../../../src/notices/render-notices.js';
import type { Notice } from '../../../src/schemas/notice.js';

/** An incident with one update of `chars` characters, last changed `day` days into November. */
function incident(id: string, day: number, state: 'identified' | 'resolved', chars = 1_000): Notice {
  const at = `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`;
  return { id, title: id, components: [], kind: 'incident', state, updates: [{ at, state, text: 'x'.repeat(chars) }] };
}

function maintenance(id: string, day: number, state: 'scheduled' | 'completed'): Notice {
  const at = `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`;
  return {
    id,
    title: id,
    components: [],
    kind: 'maintenance',
    state,
    window: { start: at, end: at.replace('10:00', '11:00') },
    updates: [{ at, state, text: 'y'.repeat(1_000) }],
  };
}

describe('fitNotices', () => {
  it('keeps every notice when they fit', () => {
    const notices = [incident('a', 1, 'resolved'), incident('b', 2, 'identified')];
    expect(fitNotices(notices, 1_000_000)).toEqual({ notices, leftOut: 0 });
  });

  it.each([
    [5_000, 3],
    [12_000, 10],
    [30_000, 28],
  ])('within %i bytes leaves out the closed notices, the oldest first, keeping every open one', (maxBytes, closed) => {
    const open = [incident('open-old', 1, 'identified'), maintenance('window', 2, 'scheduled')];
    const done = Array.from({ length: closed }, (_, index) =>
      index % 2 === 0
        ? incident(`done-${index}`, 3 + index, 'resolved')
        : maintenance(`done-${index}`, 3 + index, 'completed'),
    );
    const fitted = fitNotices([...done, ...open], maxBytes);
    if (!('notices' in fitted)) throw new Error('did not fit');
    expect(Buffer.byteLength(renderNotices(fitted.notices))).toBeLessThanOrEqual(maxBytes);
    expect(fitted.notices.filter((notice) => notice.id.startsWith('open') || notice.id === 'window')).toHaveLength(2);
    const kept = fitted.notices.filter((notice) => notice.id.startsWith('done')).map((notice) => notice.id);
    // The newest closed ones stay, as many as fit.
    expect(kept).toEqual(done.slice(done.length - kept.length).map((notice) => notice.id));
    expect(fitted.leftOut).toBe(closed - kept.length);
    // And the newest left out would not have fitted.
    const newestLeftOut = done[done.length - kept.length - 1];
    if (newestLeftOut === undefined) throw new Error('nothing left out');
    expect(Buffer.byteLength(renderNotices([...fitted.notices, newestLeftOut]))).toBeGreaterThan(maxBytes);
  });

  it('says how large the open notices alone are when they do not fit', () => {
    const open = Array.from({ length: 6 }, (_, index) => incident(`open-${index}`, 1 + index, 'identified'));
    const fitted = fitNotices([incident('done', 20, 'resolved'), ...open], 4_000);
    expect(fitted).toEqual({ tooLargeBytes: Buffer.byteLength(renderNotices(open)) });
  });
});
