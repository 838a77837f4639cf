// Component groups (`components[].group` in the config), as Statuspage's
// /api/v2/components.json lists them: each group is shown where its first
// component stands, with its worst state, and its components' cards under
// it. On a large page a group is a disclosure, closed until the visitor opens
// it, and its cards are only created then. The states come from the status
// document, like every card's, so a group never disagrees with the cards it
// holds. Names reach the page as text.

import { create, createBadge } from './status-page.dom.js';
import { isRecord } from './status-page.read-documents.js';
import { STATUS_LABELS } from './status-page.shared.js';
import { statusKey } from './status-page.words.js';

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

/** Least severe first, as the labels are listed; a state the page does not know counts as the worst. */
const SEVERITY = Object.keys(STATUS_LABELS);

/** The worst of the given states. */
export function worstState(states) {
  let worst = 'operational';
  for (const state of states) {
    const rank = SEVERITY.indexOf(state);
    if (rank === -1) return state;
    if (rank > SEVERITY.indexOf(worst)) worst = state;
  }
  return worst;
}

/**
 * The component list's items, in the status's order: an ungrouped
 * component's card where it stands, a group where its first component
 * stands. Without groups, exactly the cards the page showed before groups.
 * With `collapsed`, each group is a disclosure whose cards are created when
 * it opens; `openGroups` (a Set of names) says which are open and is kept
 * up to date as the visitor opens and closes them.
 */
export function createComponentEntries(components, groups, createCard, { collapsed = false, openGroups } = {}) {
  const groupOf = new Map();
  for (const group of groups ?? []) for (const member of group.members) groupOf.set(member, group.name);
  const entries = [];
  const byGroup = new Map();
  for (const component of components) {
    const name = groupOf.get(component.name);
    if (name === undefined) {
      entries.push({ component });
      continue;
    }
    const members = byGroup.get(name);
    if (members) members.push(component);
    else {
      const created = [component];
      byGroup.set(name, created);
      entries.push({ group: name, members: created });
    }
  }
  return entries.map((entry) => {
    if (entry.component) return createCard(entry.component);
    return collapsed
      ? createCollapsedGroup(entry.group, entry.members, createCard, openGroups ?? new Set())
      : createGroup(entry.group, entry.members, createCard);
  });
}

/** "20 components, 2 affected": what a closed group says of its members. */
function describeMembers(members) {
  const affected = members.filter((member) => member.status !== 'operational').length;
  const count = `${members.length} component${members.length === 1 ? '' : 's'}`;
  return affected === 0 ? `${count}, all operational` : `${count}, ${affected} affected`;
}

function createCollapsedGroup(name, members, createCard, openGroups) {
  const status = worstState(members.map((member) => member.status));
  const item = create('li', 'component-group');
  item.dataset.status = statusKey(status);
  const details = create('details', 'group-details');
  const summary = create('summary', 'component-head');
  const heading = create('h3', 'group-name');
  heading.append(create('span', 'component-name', name), create('span', 'visually-hidden', ': '), createBadge(status));
  summary.append(heading, create('span', 'group-count', describeMembers(members)));
  details.append(summary);
  let list;
  const fill = () => {
    if (list) return;
    list = create('ul', 'components group-components');
    list.append(...members.map(createCard));
    details.append(list);
  };
  if (openGroups.has(name)) {
    details.open = true;
    fill();
  }
  details.addEventListener('toggle', () => {
    if (details.open) {
      openGroups.add(name);
      fill();
    } else {
      openGroups.delete(name);
    }
  });
  item.append(details);
  return item;
}

function createGroup(name, members, createCard) {
  const status = worstState(members.map((member) => member.status));
  const item = create('li', 'component-group');
  item.dataset.status = statusKey(status);
  const head = create('div', 'component-head');
  const heading = create('h3', 'group-name');
  heading.append(create('span', 'component-name', name), create('span', 'visually-hidden', ': '), createBadge(status));
  head.append(heading);
  const list = create('ul', 'components group-components');
  list.append(...members.map(createCard));
  item.append(head, list);
  return item;
}
