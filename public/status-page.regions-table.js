// The regions table: the directory's regions by zone, each with its country
// and the status the platform team declared (not a measurement).

import { create, createBadge, element, renderOnce, setText } from './status-page.dom.js';
import { t } from './status-page.i18n.js';
import { countryName, describeFetchDetail } from './status-page.words.js';

function groupByZone(regions) {
  const zones = new Map();
  for (const region of regions) {
    const members = zones.get(region.zone) ?? [];
    members.push(region);
    zones.set(region.zone, members);
  }
  return [...zones.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([zone, members]) => [zone, members.sort((a, b) => a.name.localeCompare(b.name, 'en'))]);
}

function renderZone(zone, regions, index) {
  const section = create('section', 'zone');
  const headingId = `zone-${index}`;
  section.setAttribute('aria-labelledby', headingId);
  const heading = create('h3', 'zone-name', zone);
  heading.id = headingId;
  const count = create('span', 'zone-count', t('regions.count', { count: regions.length }));
  heading.append(count);

  const table = create('table', 'regions');
  table.append(create('caption', 'visually-hidden', t('regions.caption', { zone })));
  const headRow = create('tr');
  for (const label of ['regions.region', 'regions.country', 'regions.declared']) {
    const cell = create('th', undefined, t(label));
    cell.scope = 'col';
    headRow.append(cell);
  }
  table.createTHead().append(headRow);
  const body = table.createTBody();
  for (const region of regions) {
    const row = body.insertRow();
    row.dataset.code = region.code;
    const name = create('th', 'region-name', region.name);
    name.scope = 'row';
    name.append(' ', create('span', 'code', region.code));
    const country = create('td', 'country', countryName(region.country));
    country.append(' ', create('span', 'code', region.country));
    const status = create('td', 'region-status');
    status.append(createBadge(region.status));
    row.append(name, country, status);
  }
  section.append(heading, table);
  return section;
}

/**
 * Draws the regions by zone, or says why there are none; a failed fetch
 * keeps the last list received and says so.
 *
 * @param regions the last region list received, or undefined
 * @param problem why the last fetch failed, or undefined
 */
export function renderRegionsTable(regions, problem) {
  const zones = element('zones');
  const note = element('regions-problem');
  note.hidden = problem === undefined;
  setText(
    note,
    problem === undefined
      ? ''
      : t(regions ? 'regions.problemShowingLast' : 'regions.problem', { detail: describeFetchDetail(problem) }),
  );
  element('regions-empty').hidden = regions !== undefined;
  if (problem !== undefined && !regions) setText(element('regions-empty'), t('regions.none'));
  const shown = regions ?? [];
  renderOnce(zones, shown, () => {
    zones.replaceChildren(...groupByZone(shown).map(([zone, members], index) => renderZone(zone, members, index)));
  });
}
