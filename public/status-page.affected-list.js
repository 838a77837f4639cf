// "Now affected": on a large page, whose groups start closed, every
// component that is not operational, with its state, its group and since
// when, above the groups, so that what is broken shows without opening
// anything. Colour is paired with the state's words.

import { createSince, findDeclaringNotice, findMaintenance, findOngoing } from './status-page.component-cards.js';
import { create, createBadge, createOwnText } from './status-page.dom.js';
import { t } from './status-page.i18n.js';
import { statusKey } from './status-page.words.js';

/**
 * Draws the affected components into `list`; says whether there are any.
 * `incidents` are the open (or all) incidents known, `groups` `[{ name, members }]`.
 */
export function renderAffected(list, components, { incidents, notices, groups, observed }) {
  const groupOf = new Map();
  for (const group of groups ?? []) for (const member of group.members) groupOf.set(member, group.name);
  const affected = components.filter((component) => component.status !== 'operational');
  list.replaceChildren(
    ...affected.map((component) => {
      const item = create('li', 'affected');
      item.dataset.status = statusKey(component.status);
      const head = create('p', 'component-head');
      head.append(createOwnText('span', 'component-name', component.name));
      const group = groupOf.get(component.name);
      if (group !== undefined) head.append(create('span', 'affected-group', t('affected.inGroup', { group })));
      head.append(create('span', 'visually-hidden', ': '), createBadge(component.status));
      item.append(head);
      const ongoing = findOngoing(incidents, component.name);
      const since = createSince(
        component,
        ongoing,
        findMaintenance(notices, component.name),
        findDeclaringNotice(notices, ongoing),
        observed?.get(component.name),
      );
      if (since) item.append(since);
      return item;
    }),
  );
  return affected.length > 0;
}
