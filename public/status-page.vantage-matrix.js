// The status page's view from every region: a table of components (rows) by
// vantage point (columns: this region, then each peer), from
// /api/v1/observations. Drawn with DOM calls only; every colour has words.

import { create, createBadge, createOwnText, createTime } from './status-page.dom.js';
import { fill, hasMessage, t } from './status-page.i18n.js';
import { isRecord } from './status-page.read-documents.js';
import { statusInline } from './status-page.words.js';

/** "3 of 4 regions see an outage (4 answered, quorum 3)"; "Holding: no quorum (…)"; maintenance is not voted on. */
export function describeVoteInWords(vote) {
  if (vote.outcome === 'maintenance') return t('vantage.voteMaintenance');
  // The verb agrees with the number that see an outage, the noun with the regions configured: two plurals.
  const see = t('vantage.voteSee', {
    count: vote.outage,
    regions: t('vantage.regions', { count: vote.configured }),
  });
  if (vote.outcome === 'no_quorum') {
    return t('vantage.voteNoQuorum', {
      answered: vote.answered,
      configured: vote.configured,
      quorum: vote.quorum,
      see,
    });
  }
  return t('vantage.vote', { see, answered: vote.answered, quorum: vote.quorum });
}

function regionName(code, regions) {
  return regions?.find((region) => region.code === code)?.name ?? code;
}

function columnHeader(code, regions, suffix) {
  const cell = create('th', undefined, regionName(code, regions));
  cell.scope = 'col';
  cell.append(' ', create('span', 'code', code));
  if (suffix) cell.append(create('span', 'vantage-note', suffix));
  return cell;
}

/** This region's cell: the published state, and what the checks observed where that differs. */
function ownCell(component, published) {
  const cell = create('td', 'vantage-cell');
  const shown = published ?? component.status;
  cell.dataset.status = shown;
  cell.append(createBadge(shown));
  if (published !== undefined && published !== component.status) {
    cell.append(create('span', 'vantage-note', t('vantage.observed', { state: statusInline(component.status) })));
  }
  return cell;
}

/** A peer's cell: what it observed when fresh, otherwise why not, with the time it observed if known. */
function peerCell(peer, name) {
  const cell = create('td', 'vantage-cell');
  if (peer.outcome === 'fresh') {
    const seen = peer.components.find((each) => isRecord(each) && each.name === name);
    if (seen && typeof seen.status === 'string') {
      cell.dataset.status = seen.status;
      cell.append(createBadge(seen.status));
    } else {
      cell.dataset.outcome = 'none';
      cell.append(create('span', 'vantage-outcome', t('vantage.notObserved')));
    }
    return cell;
  }
  cell.dataset.outcome = peer.outcome;
  // A peer's outcome other than `fresh` (src/schemas/observations.ts), in words where the page knows them.
  const label = hasMessage(`peerOutcome.${peer.outcome}`) ? t(`peerOutcome.${peer.outcome}`) : String(peer.outcome);
  cell.append(create('span', 'vantage-outcome', label));
  if (peer.observed_at !== null && !Number.isNaN(Date.parse(peer.observed_at))) {
    const when = create('span', 'vantage-note');
    when.append(...fill('vantage.observedAt', { time: createTime(peer.observed_at) }));
    cell.append(when);
  }
  return cell;
}

function voteCell(component) {
  const cell = create('td', 'vantage-vote');
  if (component.vote) {
    cell.dataset.outcome = component.vote.outcome;
    cell.textContent = describeVoteInWords(component.vote);
  } else {
    cell.textContent = t('vantage.regional');
  }
  return cell;
}

/**
 * Draws the matrix into `container` (and what it shows, in words, into
 * `note`) and says whether there is one to show: nothing without
 * observations or without peers.
 *
 * @param observations what `readObservations` (status-page.read-documents.js) returned, or undefined
 * @param status the published status document, or undefined
 * @param regions the directory's regions (for names), or undefined
 */
export function renderVantageMatrix(container, note, observations, status, regions) {
  if (!observations || observations.peers.length === 0) {
    container.replaceChildren();
    note.replaceChildren();
    return false;
  }
  const published = new Map((status?.components ?? []).map((component) => [component.name, component.status]));
  const table = create('table', 'vantage');
  table.append(create('caption', undefined, t('vantage.caption')));
  // The long words stay outside the table, which may scroll sideways on a phone.
  note.replaceChildren(...fill('vantage.asOf', { time: createTime(observations.observed_at) }));
  const head = create('tr');
  const corner = create('th', undefined, t('vantage.component'));
  corner.scope = 'col';
  head.append(corner, columnHeader(observations.region, regions, t('vantage.thisRegion')));
  for (const peer of observations.peers) head.append(columnHeader(peer.region, regions));
  const vote = create('th', undefined, t('vantage.voteColumn'));
  vote.scope = 'col';
  head.append(vote);
  table.createTHead().append(head);
  const body = table.createTBody();
  for (const component of observations.components) {
    const row = body.insertRow();
    row.dataset.component = component.name;
    const name = createOwnText('th', 'vantage-component', component.name);
    name.scope = 'row';
    row.append(name, ownCell(component, published.get(component.name)));
    for (const peer of observations.peers) row.append(peerCell(peer, component.name));
    row.append(voteCell(component));
  }
  container.replaceChildren(table);
  return true;
}
