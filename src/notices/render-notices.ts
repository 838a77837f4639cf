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

/** The time of a notice's latest update or postmortem, in milliseconds: when it last changed. */
export function noticeUpdatedMs(notice: Notice): number {
  const postmortem = notice.kind === 'incident' && notice.postmortem !== undefined ? [notice.postmortem.at] : [];
  return Math.max(...[...notice.updates.map((update) => update.at), ...postmortem].map((at) => Date.parse(at)));
}

function sortNoticesNewestFirst(notices: readonly Notice[]): Notice[] {
  return [...notices]
    .sort((a, b) => noticeUpdatedMs(b) - noticeUpdatedMs(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(orderFields);
}

/** The schema's field order, whatever order the file used; optional fields only where present. */
export function orderFields(notice: Notice): Notice {
  const { id, title, components } = notice;
  if (notice.kind === 'incident') {
    const updates = notice.updates.map(({ at, state, text, impact }) =>
      impact === undefined ? { at, state, text } : { at, state, text, impact },
    );
    const ordered = { id, title, components, kind: 'incident' as const, state: notice.state, updates };
    const { postmortem } = notice;
    return postmortem === undefined
      ? ordered
      : { ...ordered, postmortem: { at: postmortem.at, text: postmortem.text } };
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
