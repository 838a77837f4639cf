import type { Notice, NoticesDocument } from '../schemas/notice.js';

/**
 * Renders `/api/v1/notices`: newest first by each notice's latest update
 * (ties by id), fields in the schema's order, compact JSON with a trailing
 * newline. Same notices, same bytes.
 */
export function renderNotices(notices: readonly Notice[]): string {
  const document: NoticesDocument = { version: 'v1', notices: sortNoticesNewestFirst(notices) };
  return `${JSON.stringify(document)}\n`;
}

/** The time of a notice's latest update, in milliseconds: when it last changed. */
export function noticeUpdatedMs(notice: Notice): number {
  return Math.max(...notice.updates.map((update) => Date.parse(update.at)));
}

function sortNoticesNewestFirst(notices: readonly Notice[]): Notice[] {
  return [...notices]
    .sort((a, b) => noticeUpdatedMs(b) - noticeUpdatedMs(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(orderFields);
}

/** The schema's field order, whatever order the file used. */
function orderFields(notice: Notice): Notice {
  const { id, title, components } = notice;
  if (notice.kind === 'incident') {
    const updates = notice.updates.map(({ at, state, text }) => ({ at, state, text }));
    return { id, title, components, kind: 'incident', state: notice.state, updates };
  }
  return {
    id,
    title,
    components,
    kind: 'maintenance',
    state: notice.state,
    window: { start: notice.window.start, end: notice.window.end },
    updates: notice.updates.map(({ at, state, text }) => ({ at, state, text })),
  };
}
