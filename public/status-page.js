// The human status page. It fetches the two API documents from its own origin
// and renders them with DOM calls only: no innerHTML, no inline styles and no
// inline script, so a strict Content-Security-Policy holds.

/** How often both documents are fetched again. */
const REFRESH_INTERVAL_MS = 15_000;
/** Three cycles of the probe's default 30-second schedule: past this, the data is called stale. */
const STALE_AFTER_MS = 3 * 30_000;
/** How often "updated N seconds ago" is redrawn. */
const TICK_INTERVAL_MS = 1_000;
/** A request with no answer by then counts as failed. */
const FETCH_TIMEOUT_MS = 10_000;

const STATUS_PATH = '/api/v1/status';
const REGIONS_PATH = '/api/v1/regions';

const STATUS_LABELS = {
  operational: 'Operational',
  under_maintenance: 'Under maintenance',
  degraded_performance: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
};

/** A shape beside the colour; the words are what carry the status. */
const STATUS_ICONS = {
  operational: '✓',
  under_maintenance: '◆',
  degraded_performance: '▲',
  partial_outage: '◐',
  major_outage: '✕',
  unknown: '?',
};

const page = {
  /** The last status document that arrived whole, kept through failed refreshes. */
  status: undefined,
  /** Server clock minus this browser's clock, so that a wrong local clock raises no false alarm. */
  clockOffsetMs: 0,
  /** Why the last status fetch failed, or undefined when it worked. */
  statusProblem: undefined,
  regions: undefined,
  regionsProblem: undefined,
  refreshing: false,
};

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const timestampFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' });

function element(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`status page: #${id} is missing from index.html`);
  return found;
}

function create(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isServiceStatus(value) {
  return (
    isRecord(value) &&
    typeof value.status === 'string' &&
    typeof value.region === 'string' &&
    typeof value.updated_at === 'string' &&
    !Number.isNaN(Date.parse(value.updated_at)) &&
    Array.isArray(value.components) &&
    value.components.every(
      (component) => isRecord(component) && typeof component.name === 'string' && typeof component.status === 'string',
    )
  );
}

function isRegionList(value) {
  return (
    isRecord(value) &&
    Array.isArray(value.data) &&
    value.data.every(
      (region) =>
        isRecord(region) &&
        ['code', 'name', 'zone', 'country', 'status'].every((key) => typeof region[key] === 'string'),
    )
  );
}

function statusKey(value) {
  return Object.hasOwn(STATUS_LABELS, value) ? value : 'unknown';
}

function statusLabel(value) {
  return Object.hasOwn(STATUS_LABELS, value) ? STATUS_LABELS[value] : `Unknown (${value})`;
}

function countryName(code) {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "1 second", "90 seconds", "5 minutes", "3 hours", "2 days". */
function describeDuration(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const [amount, unit] =
    seconds < 120
      ? [seconds, 'second']
      : seconds < 120 * 60
        ? [Math.floor(seconds / 60), 'minute']
        : seconds < 48 * 3600
          ? [Math.floor(seconds / 3600), 'hour']
          : [Math.floor(seconds / 86_400), 'day'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

function ageOfStatusMs() {
  if (!page.status) return undefined;
  return Date.now() + page.clockOffsetMs - Date.parse(page.status.updated_at);
}

function isStale() {
  const age = ageOfStatusMs();
  return age !== undefined && age > STALE_AFTER_MS;
}

function createBadge(value) {
  const key = statusKey(value);
  const badge = create('span', 'badge');
  badge.dataset.status = key;
  badge.append(create('span', 'status-icon', STATUS_ICONS[key]), create('span', 'badge-text', statusLabel(value)));
  badge.firstChild.setAttribute('aria-hidden', 'true');
  return badge;
}

/** Replaces a node's text only when it changes, so that a live region announces changes and nothing else. */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** Fetches one document; never throws. */
async function fetchDocument(path, cache) {
  let response;
  try {
    response = await fetch(path, {
      cache,
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { ok: false, kind: 'unreachable', detail: timedOut ? 'it did not answer in time' : 'the request failed' };
  }
  if (!response.ok) {
    // Read the small error body rather than cancel it: a cancelled response counts as a failed request.
    await response.text().catch(() => '');
    return { ok: false, kind: response.status === 503 ? 'unpublished' : 'http', detail: `HTTP ${response.status}` };
  }
  try {
    return { ok: true, body: await response.json(), date: Date.parse(response.headers.get('Date') ?? '') };
  } catch {
    return { ok: false, kind: 'invalid', detail: 'the answer is not JSON' };
  }
}

function acceptStatus(result) {
  if (!result.ok) {
    page.statusProblem = result;
    return;
  }
  if (!isServiceStatus(result.body)) {
    page.statusProblem = { ok: false, kind: 'invalid', detail: 'the answer is not a status document' };
    return;
  }
  page.status = result.body;
  page.statusProblem = undefined;
  if (!Number.isNaN(result.date)) page.clockOffsetMs = result.date - Date.now();
}

function acceptRegions(result) {
  if (result.ok && isRegionList(result.body)) {
    page.regions = result.body.data;
    page.regionsProblem = undefined;
  } else {
    page.regionsProblem = result.ok ? 'the answer is not a region list' : result.detail;
  }
}

function describeProblem(problem) {
  const retry = `This page tries again every ${describeDuration(REFRESH_INTERVAL_MS)}.`;
  switch (problem.kind) {
    case 'unpublished':
      return `No status has been published yet (${problem.detail}); the status probe writes one shortly after it starts. ${retry}`;
    case 'unreachable':
      return `The status API could not be reached: ${problem.detail}. ${retry}`;
    case 'http':
      return `The status API answered with an error (${problem.detail}). ${retry}`;
    default:
      return `The status could not be read: ${problem.detail}. ${retry}`;
  }
}

function renderSummary() {
  const overall = element('overall');
  const overallText = element('overall-text');
  const { status, statusProblem } = page;
  const notices = [];

  if (status) {
    const affected = status.components.filter((component) => component.status !== 'operational').length;
    // A stale status is history, and the headline says so.
    const stale = isStale();
    const headline =
      status.status === 'operational'
        ? `${stale ? 'Last known: a' : 'A'}ll systems operational`
        : `${stale ? 'Last known status' : 'Overall status'}: ${statusLabel(status.status)}`;
    const detail = affected === 0 ? '' : ` (${affected} of ${status.components.length} components affected)`;
    overall.dataset.status = statusKey(status.status);
    setText(overallText, `${headline}${detail}`);
    document.title = `${statusLabel(status.status)} · Platform status`;
    if (stale) {
      notices.push({
        kind: 'warning',
        text: `Stale data: this status is more than ${describeDuration(STALE_AFTER_MS)} old, so it may no longer be true. The status probe may have stopped.`,
      });
    }
    if (statusProblem) {
      notices.push({ kind: 'error', text: `Showing the last status received. ${describeProblem(statusProblem)}` });
    }
  } else if (statusProblem) {
    overall.dataset.status = 'unknown';
    setText(overallText, 'Status unavailable');
    document.title = 'Status unavailable · Platform status';
    notices.push({ kind: 'error', text: describeProblem(statusProblem) });
  }
  setText(overall.firstElementChild, STATUS_ICONS[overall.dataset.status] ?? '');
  renderNotices(notices);
}

function renderNotices(notices) {
  const notice = element('notice');
  const text = notices.map((item) => item.text).join(' ');
  notice.hidden = notices.length === 0;
  notice.dataset.kind = notices.some((item) => item.kind === 'error') ? 'error' : 'warning';
  notice.dataset.stale = String(notices.some((item) => item.kind === 'warning'));
  setText(notice, text);
}

function renderFreshness() {
  const freshness = element('freshness');
  const { status } = page;
  freshness.hidden = !status;
  if (!status) return;
  freshness.dataset.stale = String(isStale());
  setText(element('age'), `${describeDuration(ageOfStatusMs())} ago`);
  const time = element('updated-at');
  time.dateTime = status.updated_at;
  setText(time, timestampFormat.format(new Date(status.updated_at)));
  setText(element('reporter'), `by the probe in ${status.region}.`);
}

function renderComponents() {
  const list = element('components');
  const components = page.status?.components ?? [];
  const key = JSON.stringify(components);
  if (list.dataset.rendered === key) return;
  list.dataset.rendered = key;
  list.replaceChildren(
    ...components.map((component) => {
      const item = create('li', 'component');
      item.dataset.status = statusKey(component.status);
      const separator = create('span', 'visually-hidden', ': ');
      item.append(create('span', 'component-name', component.name), separator, createBadge(component.status));
      return item;
    }),
  );
  element('components-empty').hidden = components.length > 0;
}

function groupByZone(regions) {
  const zones = new Map();
  for (const region of regions) {
    const members = zones.get(region.zone) ?? [];
    members.push(region);
    zones.set(region.zone, members);
  }
  return [...zones.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([zone, members]) => [zone, members.sort((a, b) => a.name.localeCompare(b.name))]);
}

function renderZone(zone, regions, index) {
  const section = create('section', 'zone');
  const headingId = `zone-${index}`;
  section.setAttribute('aria-labelledby', headingId);
  const heading = create('h3', 'zone-name', zone);
  heading.id = headingId;
  const count = create('span', 'zone-count', ` · ${regions.length} region${regions.length === 1 ? '' : 's'}`);
  heading.append(count);

  const table = create('table', 'regions');
  table.append(create('caption', 'visually-hidden', `Regions in zone ${zone}`));
  const headRow = create('tr');
  for (const label of ['Region', 'Country', 'Status']) {
    const cell = create('th', undefined, label);
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

function renderRegions() {
  const zones = element('zones');
  const problem = element('regions-problem');
  problem.hidden = page.regionsProblem === undefined;
  setText(
    problem,
    page.regionsProblem === undefined
      ? ''
      : `The regions could not be fetched (${page.regionsProblem}). ${page.regions ? 'Showing the last list received.' : ''}`,
  );
  element('regions-empty').hidden = page.regions !== undefined;
  if (page.regionsProblem !== undefined && !page.regions) setText(element('regions-empty'), 'No regions to show.');
  const regions = page.regions ?? [];
  const key = JSON.stringify(regions);
  if (zones.dataset.rendered === key) return;
  zones.dataset.rendered = key;
  zones.replaceChildren(...groupByZone(regions).map(([zone, members], index) => renderZone(zone, members, index)));
}

function render() {
  renderSummary();
  renderFreshness();
  renderComponents();
  renderRegions();
}

async function refresh() {
  if (page.refreshing) return;
  page.refreshing = true;
  try {
    const [status, regions] = await Promise.all([
      fetchDocument(STATUS_PATH, 'no-store'),
      // The regions may be cached for 300 s, as their Cache-Control allows.
      fetchDocument(REGIONS_PATH, 'default'),
    ]);
    acceptStatus(status);
    acceptRegions(regions);
    render();
  } finally {
    page.refreshing = false;
  }
}

function tick() {
  renderSummary();
  renderFreshness();
}

setText(element('refresh-every'), describeDuration(REFRESH_INTERVAL_MS));
void refresh();
setInterval(() => void refresh(), REFRESH_INTERVAL_MS);
setInterval(tick, TICK_INTERVAL_MS);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') void refresh();
});
