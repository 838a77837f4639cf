// Component groups (`components[].group` in the config), as the uptime
// summary names them (`group` on each grouped component; the first visit
// reads that document anyway) or, where no summary is published, as
// Statuspage's /api/v2/components.json lists them: each group is shown where its first
// component stands, with its worst state, and its components' cards under
// it. On a large page a group is a disclosure, closed until the visitor opens
// it, and its cards are only created then. The states come from the status
// document, like every card's, so a group never disagrees with the cards it
// holds. Names reach the page as text. On a large page the components in no
// group are shown the same way: those with a problem first, the rest closed.

import { create, createBadge, createFeedLink, createOwnText } from './status-page.dom.js';
import { t } from './status-page.i18n.js';
import { isRecord } from './status-page.read-documents.js';
import { statusKey, worstState } from './status-page.words.js';

/** Reads the groups leniently: `[{ name, members }]`, members by component name; undefined when it is no components list. */
export function readComponentGroups(body) {
  if (!isRecord(body) || !Array.isArray(body.components)) return undefined;
  const entries = body.components.filter(
    (entry) => isRecord(entry) && typeof entry.id === 'string' && typeof entry.name === 'string',
  );
  const names = new Map(entries.filter((entry) => entry.group === false).map((entry) => [entry.id, entry.name]));
  return entries
    .filter((entry) => entry.group === true && Array.isArray(entry.components))
    .map((entry) => ({
      name: entry.name,
      members: entry.components.flatMap((id) => (names.has(id) ? [names.get(id)] : [])),
    }))
    .filter((group) => group.members.length > 0);
}

/**
 * Reads the groups from the uptime summary (`/api/v1/uptime`): `[{ name,
 * members }]` in the order each group's first component stands, from each
 * component's `group`; an empty list where none has one. Undefined when it is
 * no components list.
 */
export function readUptimeGroups(body) {
  if (!isRecord(body) || !Array.isArray(body.components)) return undefined;
  const groups = new Map();
  for (const component of body.components) {
    if (!isRecord(component) || typeof component.name !== 'string' || typeof component.group !== 'string') continue;
    const members = groups.get(component.group);
    if (members) members.push(component.name);
    else groups.set(component.group, [component.name]);
  }
  return [...groups].map(([name, members]) => ({ name, members }));
}

/** The key the operational components' list is kept open under in `openGroups`: no group's name can be it. */
export const OPERATIONAL_LIST = Symbol('operational components');

/**
 * The component list's items, in the status's order: an ungrouped
 * component's card where it stands, a group where its first component
 * stands, with a link to the group's feed (`feedOf`: its path by the group's name). Without groups, exactly the cards the page showed before groups.
 * With `collapsed` (a large page), each group is a disclosure whose cards
 * are created when it opens, and so are the components in no group: those
 * with a problem come first, their cards open, and the operational ones are
 * one closed list ("Operational components") where the first of them
 * stands, so that 1,000 components without groups are a few cards until the
 * visitor opens more. `openGroups` (a Set of group names, and
 * `OPERATIONAL_LIST`) says which are open and is kept up to date as the
 * visitor opens and closes them.
 */
export function createComponentEntries(components, groups, createCard, { collapsed = false, openGroups, feedOf } = {}) {
  const groupOf = new Map();
  for (const group of groups ?? []) for (const member of group.members) groupOf.set(member, group.name);
  const first = [];
  const entries = [];
  const byGroup = new Map();
  let operational;
  for (const component of components) {
    const name = groupOf.get(component.name);
    if (name === undefined) {
      if (!collapsed) entries.push({ component });
      else if (component.status !== 'operational') first.push({ component });
      else if (operational) operational.members.push(component);
      else {
        operational = { key: OPERATIONAL_LIST, heading: t('groups.operational'), members: [component] };
        entries.push(operational);
      }
      continue;
    }
    const members = byGroup.get(name);
    if (members) members.push(component);
    else {
      const created = [component];
      byGroup.set(name, created);
      entries.push({ key: name, heading: name, members: created });
    }
  }
  const open = openGroups ?? new Set();
  return [...first, ...entries].map((entry) => {
    if (entry.component) return createCard(entry.component);
    // The list of operational components is no group: it has no feed.
    const feed =
      feedOf && entry.key !== OPERATIONAL_LIST ? createFeedLink(feedOf(entry.heading), entry.heading) : undefined;
    return collapsed ? createCollapsedGroup(entry, createCard, open, feed) : createGroup(entry, createCard, feed);
  });
}

/** "20 components, 2 affected": what a closed group says of its members. */
function describeMembers(members) {
  const affected = members.filter((member) => member.status !== 'operational').length;
  return affected === 0
    ? t('groups.allOperational', { count: members.length })
    : t('groups.someAffected', { count: members.length, affected });
}

function createGroupHeading(heading, status) {
  const node = create('h3', 'group-name');
  node.append(
    createOwnText('span', 'component-name', heading),
    create('span', 'visually-hidden', ': '),
    createBadge(status),
  );
  return node;
}

function createCollapsedGroup({ key, heading, members }, createCard, openGroups, feed) {
  const status = worstState(members.map((member) => member.status));
  const item = create('li', 'component-group');
  item.dataset.status = statusKey(status);
  const details = create('details', 'group-details');
  const summary = create('summary', 'component-head');
  summary.append(createGroupHeading(heading, status), create('span', 'group-count', describeMembers(members)));
  details.append(summary);
  let list;
  const fill = () => {
    if (list) return;
    list = create('ul', 'components group-components');
    list.append(...members.map(createCard));
    details.append(list);
  };
  if (openGroups.has(key)) {
    details.open = true;
    fill();
  }
  details.addEventListener('toggle', () => {
    if (details.open) {
      openGroups.add(key);
      fill();
    } else {
      openGroups.delete(key);
    }
  });
  item.append(details);
  // Beside the summary, not in it: a link inside the control that opens the group would be a control in a control.
  if (feed) item.append(feed);
  return item;
}

function createGroup({ heading, members }, createCard, feed) {
  const status = worstState(members.map((member) => member.status));
  const item = create('li', 'component-group');
  item.dataset.status = statusKey(status);
  const head = create('div', 'component-head');
  head.append(createGroupHeading(heading, status));
  if (feed) head.append(feed);
  const list = create('ul', 'components group-components');
  list.append(...members.map(createCard));
  item.append(head, list);
  return item;
}
