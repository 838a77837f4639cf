import { describe, expect, it } from 'vitest';
import { IncidentNoticeSchema, PostmortemSchema } from '../../../src/schemas/notice.js';

describe('the text of a notice and of a postmortem', () => {
  const update = (text: string) =>
    IncidentNoticeSchema.safeParse({
      id: 'x',
      title: 'X',
      components: [],
      kind: 'incident',
      state: 'identified',
      updates: [{ at: '2026-11-21T04:00:00Z', state: 'identified', text }],
    });

  it.each([
    ['a right-to-left override', 'Fixed \u202Egnirotinom\u202C now', 'U+202E', 7],
    ['a zero-width space', 'Two\u200Bwords', 'U+200B', 4],
    ['an isolate', 'x\u2066y', 'U+2066', 2],
    ['a line separator', 'a\u2028b', 'U+2028', 2],
    ['an escape', 'red \u001b[31m', 'U+001B', 5],
  ])('refuses %s, as titles do', (_what, text, codePoint, at) => {
    const parsed = update(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(
      new RegExp(`\\(${codePoint.replace('+', '\\+')}\\) at character ${at};`),
    );
    const postmortem = PostmortemSchema.safeParse({ at: '2026-11-21T04:00:00Z', text });
    expect(postmortem.success).toBe(false);
  });

  it('keeps line breaks, tabs and joiners: a text is paragraphs, and scripts need them', () => {
    expect(update('First line.\n\n\tThen an indented one, 👩\u200D💻 and \u200Cjoiners.').success).toBe(true);
  });
});
