// A component's details on demand: a "Details" disclosure under its card
// that fetches the component's own history document when first opened and
// shows its uptime over four windows and its 24-hour latency chart. Nothing
// is fetched or drawn until a visitor opens it.

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

/** Fetches and draws the details into `body`; a failure says so, and closing and opening again retries. */
async function loadDetails(body, path) {
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

/** The disclosure for `name`'s details, served as `slug`'s detail document. */
export function createComponentDetails(name, slug) {
  const details = create('details', 'component-details');
  const summary = create('summary', undefined, 'Details');
  summary.append(create('span', 'visually-hidden', `: ${name}, uptime and latency`));
  const body = create('div', 'component-details-body');
  details.append(summary, body);
  let loaded = false;
  details.addEventListener('toggle', () => {
    if (!details.open || loaded) return;
    loaded = true;
    void loadDetails(body, componentHistoryPath(slug)).then((ok) => {
      loaded = ok;
    });
  });
  return details;
}
