// DOM helpers shared by the status page's modules. Everything that came from
// a document reaches the page through textContent or an attribute, never
// through innerHTML: text from the team or the config stays text.

import { fill, t } from './status-page.i18n.js';
import { formatTime, formatUtcTime, STATUS_ICONS, statusKey, statusLabel } from './status-page.words.js';

export function element(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`status page: #${id} is missing from index.html`);
  return found;
}

export function create(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * An element holding the team's own words (a component's name, a notice's
 * title or text), as written and as text: laid out in their own direction
 * (`dir="auto"`), so that an English notice on an Arabic page keeps its full
 * stop at its end.
 */
export function createOwnText(tag, className, text) {
  const node = create(tag, className, text);
  node.dir = 'auto';
  return node;
}

/** Replaces a node's text only when it changes, so that a live region announces changes and nothing else. */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** A `<time>` element showing `timestamp` in the visitor's zone (named), with UTC one glance away in its title. */
export function createTime(timestamp) {
  const time = create('time', undefined, formatTime(timestamp));
  time.dateTime = timestamp;
  time.title = formatUtcTime(timestamp);
  return time;
}

/** An element holding the message `key`, its placeholders filled with text or nodes (status-page.i18n.js). */
export function createMessage(tag, className, key, params) {
  const node = create(tag, className);
  node.append(...fill(key, params));
  return node;
}

export function createBadge(value) {
  const key = statusKey(value);
  const badge = create('span', 'badge');
  badge.dataset.status = key;
  const icon = create('span', 'status-icon', STATUS_ICONS[key]);
  icon.setAttribute('aria-hidden', 'true');
  badge.append(icon, create('span', 'badge-text', statusLabel(value)));
  return badge;
}

/**
 * The link to the Atom feed at `href` of `name`, a component or a group:
 * "Feed", and for a screen reader whose feed and of what. `rel="alternate"`
 * with the feed's type says what it is to a feed reader's extension.
 */
export function createFeedLink(href, name) {
  const link = create('a', 'feed-link', t('card.feed'));
  link.href = href;
  link.rel = 'alternate';
  link.type = 'application/atom+xml';
  link.append(create('span', 'visually-hidden', t('card.feedOf', { name })));
  return link;
}

/**
 * The link to the maintenance calendar (iCalendar) at `href` of the
 * component `name`: "Calendar", and for a screen reader whose and of what;
 * `type` says what it is to a calendar app or a browser's handler.
 */
export function createCalendarLink(href, name) {
  const link = create('a', 'calendar-link', t('card.calendar'));
  link.href = href;
  link.type = 'text/calendar';
  link.append(create('span', 'visually-hidden', t('card.calendarOf', { name })));
  return link;
}

/** A list of facts: each a term and its value, nodes or text. */
export function createFacts(facts) {
  const list = create('dl', 'facts');
  for (const [term, ...value] of facts) {
    const group = create('div');
    const detail = create('dd');
    detail.append(...value);
    group.append(create('dt', undefined, term), detail);
    list.append(group);
  }
  return list;
}

let drawn = new WeakMap();

/** Forgets what every node was drawn for, so that the next render redraws all: the language or time zone changed. */
export function forgetDrawings() {
  drawn = new WeakMap();
}

/** Redraws a node only when its data has changed, so that focus and hover survive refreshes. */
export function renderOnce(node, data, draw) {
  const key = JSON.stringify(data);
  if (drawn.get(node) === key) return;
  drawn.set(node, key);
  node.dataset.rendered = 'true';
  draw();
}
