// A component's details, loaded on demand: its own history document fetched
// when a visitor first opens its "Details" disclosure, drawn as its uptime
// over four windows and its 24-hour latency chart. The card imports this
// module only then, so a visit that opens no details never loads it.

import { create, createFacts } from './status-page.dom.js';
import { fetchDocument } from './status-page.fetch.js';
import { createLatencyChart } from './status-page.latency-chart.js';
import { isRecord, readComponentHistory } from './status-page.read-documents.js';
import { formatPercent } from './status-page.words.js';

/** Where a component's detail document is served, by its slug. */
export function componentHistoryPath(slug) {
  return `/api/v1/component-history/${encodeURIComponent(slug)}.json`;
}

const WINDOWS = [
  ['Last 24 hours', 'last_24h'],
  ['Last 7 days', 'last_7d'],
  ['Last 30 days', 'last_30d'],
  ['Last 90 days', 'last_90d'],
];

function describeWindow(figure) {
  if (!isRecord(figure) || typeof figure.uptime_percent !== 'number') return 'no data';
  const coverage =
    typeof figure.data_percent === 'number' && figure.data_percent < 100
      ? ` (data for ${formatPercent(figure.data_percent)} of the time)`
      : '';
  return `${formatPercent(figure.uptime_percent)} uptime${coverage}`;
}

function renderHistory(body, history) {
  body.replaceChildren(
    createFacts(WINDOWS.map(([label, key]) => [label, describeWindow(history.uptime[key])])),
    createLatencyChart(history.name, history.latency),
  );
}

/** Fetches and draws `slug`'s details into `body`; says whether it worked (a failure says so in `body`). */
export async function loadDetails(body, slug) {
  const path = componentHistoryPath(slug);
  body.replaceChildren(create('p', 'note', 'Loading the details…'));
  body.setAttribute('aria-busy', 'true');
  const result = await fetchDocument(path, 'no-cache');
  body.removeAttribute('aria-busy');
  const history = result.ok ? readComponentHistory(result.body) : undefined;
  if (history) {
    renderHistory(body, history);
    return true;
  }
  body.replaceChildren(
    create('p', 'notice', `The details could not be loaded (${result.ok ? 'not a history document' : result.detail}).`),
  );
  body.firstElementChild.dataset.kind = 'error';
  return false;
}
