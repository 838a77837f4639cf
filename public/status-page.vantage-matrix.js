// The status page's view from every region: a table of components (rows) by
// vantage point (columns: this region, then each peer), from
// /api/v1/observations. Drawn with DOM calls only; every colour has words.

import { create, createBadge, createTime } from './status-page.dom.js';
import { isRecord } from './status-page.read-documents.js';
import { statusLabel } from './status-page.words.js';

/** A peer's outcome other than `fresh`, in words (src/schemas/observations.ts). */
const PEER_OUTCOME_LABELS = {
  stale: 'Stale',
  future: 'From the future',
  unreachable: 'Unreachable',
  invalid: 'Invalid',
};

function plural(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}

/** "3 of 4 regions see an outage (4 answered, quorum 3)"; "Holding: no quorum (…)"; maintenance is not voted on. */
export function describeVoteInWords(vote) {
  if (vote.outcome === 'maintenance') return 'Not voted on: inside this region’s maintenance window';
  const see = `${vote.outage} of ${plural(vote.configured, 'region', 'regions')} ${vote.outage === 1 ? 'sees' : 'see'} an outage`;
  if (vote.outcome === 'no_quorum') {
    return `Holding: no quorum (${vote.answered} of ${vote.configured} answered, ${vote.quorum} needed); ${see}`;
  }
  return `${see} (${vote.answered} answered, quorum ${vote.quorum})`;
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
    cell.append(create('span', 'vantage-note', `Observed: ${statusLabel(component.status).toLowerCase()}`));
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
      cell.append(create('span', 'vantage-outcome', 'Not observed'));
    }
    return cell;
  }
  cell.dataset.outcome = peer.outcome;
  const label = Object.hasOwn(PEER_OUTCOME_LABELS, peer.outcome) ? PEER_OUTCOME_LABELS[peer.outcome] : peer.outcome;
  cell.append(create('span', 'vantage-outcome', label));
  if (peer.observed_at !== null && !Number.isNaN(Date.parse(peer.observed_at))) {
    const when = create('span', 'vantage-note', 'observed ');
    when.append(createTime(peer.observed_at));
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
    cell.textContent = 'Regional: each region its own';
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
  table.append(create('caption', undefined, 'Components by region'));
  // The long words stay outside the table, which may scroll sideways on a phone.
  note.replaceChildren(
    'This region shows the status it publishes; each peer shows what it observed. As of ',
    createTime(observations.observed_at),
    '.',
  );
  const head = create('tr');
  const corner = create('th', undefined, 'Component');
  corner.scope = 'col';
  head.append(corner, columnHeader(observations.region, regions, 'this region, published'));
  for (const peer of observations.peers) head.append(columnHeader(peer.region, regions));
  const vote = create('th', undefined, 'Vote');
  vote.scope = 'col';
  head.append(vote);
  table.createTHead().append(head);
  const body = table.createTBody();
  for (const component of observations.components) {
    const row = body.insertRow();
    row.dataset.component = component.name;
    const name = create('th', 'vantage-component', component.name);
    name.scope = 'row';
    row.append(name, ownCell(component, published.get(component.name)));
    for (const peer of observations.peers) row.append(peerCell(peer, component.name));
    row.append(voteCell(component));
  }
  container.replaceChildren(table);
  return true;
}
