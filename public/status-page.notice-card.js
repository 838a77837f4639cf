// One notice from the platform team as a card: shown in the banner while it
// is active or upcoming, and in the incident history once it is over.

import { create, createBadge, createFacts, createOwnText, createTime } from './status-page.dom.js';
import { fill, t } from './status-page.i18n.js';
import { isRecord } from './status-page.read-documents.js';
import { noticeStateLabel } from './status-page.words.js';

/** An incident notice until resolved, a maintenance only while in progress. */
export function isActiveNotice(notice) {
  return notice.kind === 'maintenance' ? notice.state === 'in_progress' : notice.state !== 'resolved';
}

/**
 * The states an update declared, each component's name (the team's words)
 * with its state's badge; undefined when it declared none.
 */
function createDeclared(impact) {
  const entries = isRecord(impact) ? Object.entries(impact).filter(([, state]) => typeof state === 'string') : [];
  if (entries.length === 0) return undefined;
  const list = create('ul', 'update-impact');
  list.setAttribute('aria-label', t('notice.declared'));
  for (const [name, state] of entries) {
    const item = create('li');
    item.append(
      createOwnText('span', 'impact-name', name),
      create('span', 'visually-hidden', ': '),
      createBadge(state),
    );
    list.append(item);
  }
  return list;
}

/** What the team learnt, once the incident is over: plain text, shown as text. */
function createPostmortem(postmortem, headingLevel) {
  if (!isRecord(postmortem) || typeof postmortem.text !== 'string' || typeof postmortem.at !== 'string') {
    return undefined;
  }
  const section = create('section', 'postmortem');
  const heading = create(`h${Math.min(headingLevel + 1, 6)}`, 'postmortem-title', `${t('notice.postmortem')} · `);
  heading.append(createTime(postmortem.at));
  section.append(heading, createOwnText('p', 'postmortem-text', postmortem.text));
  return section;
}

/**
 * A notice from the team: title, state, what it affects, its window, its
 * postmortem, and every update, newest first, with the states it declared.
 */
export function createNotice(notice, headingLevel) {
  const item = create('article', 'notice-card');
  // The anchor the Statuspage documents' shortlinks point at.
  item.id = `notice-${notice.id}`;
  item.dataset.kind = notice.kind;
  item.dataset.state = notice.state;
  const heading = create(`h${headingLevel}`, 'notice-title');
  heading.append(
    create(
      'span',
      'notice-kind',
      t(notice.kind === 'maintenance' ? 'notice.maintenance' : 'notice.incident', {
        state: noticeStateLabel(notice.state),
      }),
    ),
    create('span', 'visually-hidden', ': '),
    createOwnText('span', undefined, notice.title),
  );
  item.append(heading);
  // Component names are the team's own words, listed as written.
  const facts = [
    [t('notice.affects'), notice.components.length > 0 ? notice.components.join(', ') : t('notice.wholePlatform')],
  ];
  if (notice.kind === 'maintenance' && isRecord(notice.window)) {
    facts.push([
      t('notice.window'),
      ...fill('notice.windowRange', { start: createTime(notice.window.start), end: createTime(notice.window.end) }),
    ]);
  }
  item.append(createFacts(facts));
  const postmortem = createPostmortem(notice.postmortem, headingLevel);
  if (postmortem) item.append(postmortem);
  const updates = create('ol', 'updates');
  for (const update of [...notice.updates].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))) {
    const entry = create('li');
    const when = create('p', 'update-when');
    when.append(create('strong', undefined, noticeStateLabel(update.state)), ' · ', createTime(update.at));
    entry.append(when, createOwnText('p', 'update-text', update.text));
    const declared = createDeclared(update.impact);
    if (declared) entry.append(declared);
    updates.append(entry);
  }
  item.append(updates);
  return item;
}
