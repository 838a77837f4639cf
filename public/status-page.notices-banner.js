// The notices banner at the top of the page: what the team says is
// happening now, and the maintenance to come.

import { create } from './status-page.dom.js';
import { t } from './status-page.i18n.js';
import { createNotice, isActiveNotice } from './status-page.notice-card.js';

/** Active notices and upcoming maintenance, for the top of the page. */
export function renderNotices(container, notices) {
  const active = notices.filter(isActiveNotice);
  const upcoming = notices
    .filter((notice) => notice.kind === 'maintenance' && notice.state === 'scheduled')
    .sort((a, b) => Date.parse(a.window?.start) - Date.parse(b.window?.start));
  const parts = [];
  if (active.length > 0) {
    parts.push(create('h3', undefined, t('notices.now')), ...active.map((notice) => createNotice(notice, 4)));
  }
  if (upcoming.length > 0) {
    parts.push(create('h3', undefined, t('notices.upcoming')), ...upcoming.map((notice) => createNotice(notice, 4)));
  }
  container.replaceChildren(...parts);
  return parts.length > 0;
}
