// The status page's history: each component's 90 days and 24-hour latency,
// the incidents, and the team's notices. Drawn with DOM calls only (SVG with
// createElementNS); every colour is paired with words.

import {
  create,
  createBadge,
  createTime,
  describeFailure,
  describeSpan,
  formatDay,
  isRecord,
  noticeStateLabel,
  statusKey,
  statusLabel,
} from './status-page.text.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;
const LATENCY_WIDTH = 240;
const LATENCY_HEIGHT = 48;

/** Parses the optional history documents leniently: whatever does not fit is left out, never thrown. */
export function readUptime(body) {
  if (!isRecord(body) || !Array.isArray(body.components)) return undefined;
  if (!Number.isInteger(body.interval_seconds) || body.interval_seconds <= 0) return undefined;
  const components = body.components.filter(
    (component) =>
      isRecord(component) &&
      typeof component.name === 'string' &&
      Array.isArray(component.days) &&
      Array.isArray(component.latency) &&
      isRecord(component.uptime),
  );
  return { interval_seconds: body.interval_seconds, components };
}

export function readIncidents(body) {
  if (!isRecord(body) || !Array.isArray(body.incidents)) return undefined;
  return body.incidents.filter(
    (incident) =>
      isRecord(incident) &&
      typeof incident.component === 'string' &&
      typeof incident.started_at === 'string' &&
      !Number.isNaN(Date.parse(incident.started_at)),
  );
}

export function readNotices(body) {
  if (!isRecord(body) || !Array.isArray(body.notices)) return undefined;
  return body.notices.filter(
    (notice) =>
      isRecord(notice) &&
      typeof notice.id === 'string' &&
      typeof notice.title === 'string' &&
      Array.isArray(notice.components) &&
      Array.isArray(notice.updates) &&
      notice.updates.length > 0 &&
      notice.updates.every(
        (update) => isRecord(update) && typeof update.at === 'string' && typeof update.text === 'string',
      ),
  );
}

function svg(tag, attributes) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

function formatPercent(value) {
  if (typeof value !== 'number') return 'no data';
  // Three decimals only where they matter: 100 %, 99.95 %, 99.982 %.
  return `${Number.parseFloat(value.toFixed(3))}%`;
}

/** Minutes in an outage (partial or major) during a day. */
function minutesDown(day) {
  const minutes = isRecord(day.minutes) ? day.minutes : {};
  return Math.round((minutes.major_outage ?? 0) + (minutes.partial_outage ?? 0));
}

/** The words for one day: what a screen reader reads and what focus or hover shows. */
function describeDay(day) {
  if (day.worst_status === null || day.uptime_percent === null) return `${formatDay(day.date)}: no data`;
  const down = minutesDown(day);
  const worst = day.worst_status === 'operational' ? '' : `; worst: ${statusLabel(day.worst_status).toLowerCase()}`;
  return `${formatDay(day.date)}: ${formatPercent(day.uptime_percent)} uptime, ${down} minute${down === 1 ? '' : 's'} down${worst}`;
}

/** Arrow keys, Home and End move between days, so that the bar is one stop for Tab, not 90. */
function moveFocus(event) {
  const cells = [...event.currentTarget.children];
  const index = cells.indexOf(document.activeElement);
  if (index < 0) return;
  const next = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: cells.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  const target = cells[Math.max(0, Math.min(cells.length - 1, next))];
  for (const cell of cells) cell.tabIndex = cell === target ? 0 : -1;
  target.focus();
}

function createDayBar(name, days) {
  const wrapper = create('div', 'days-wrapper');
  const bar = create('ol', 'days');
  bar.setAttribute('aria-label', `${name}, day by day over the last ${HISTORY_DAYS} days`);
  const detail = create('p', 'day-detail');
  // The focused day's own text is what assistive technology reads; this line repeats it for the eye.
  detail.setAttribute('aria-hidden', 'true');
  const show = (event) => {
    const cell = event.target.closest('.day');
    if (cell) detail.textContent = cell.textContent;
  };
  const recent = days.slice(-HISTORY_DAYS);
  for (const [index, day] of recent.entries()) {
    const cell = create('li', 'day', describeDay(day));
    cell.dataset.status = day.worst_status === null ? 'none' : statusKey(day.worst_status);
    cell.dataset.date = day.date;
    cell.tabIndex = index === recent.length - 1 ? 0 : -1;
    bar.append(cell);
  }
  detail.textContent = bar.lastElementChild?.textContent ?? '';
  bar.addEventListener('keydown', moveFocus);
  bar.addEventListener('focusin', show);
  bar.addEventListener('mouseover', show);
  const axis = create('p', 'days-axis');
  axis.setAttribute('aria-hidden', 'true');
  axis.append(create('span', undefined, `${recent.length} days ago`), create('span', undefined, 'Today'));
  wrapper.append(bar, axis, detail);
  return wrapper;
}

/** A line of the hourly median latency (and a band up to p95), gaps where no check got an answer. */
function createLatencyChart(name, hours) {
  const known = hours.filter((hour) => typeof hour.p50_ms === 'number');
  const figure = create('figure', 'latency');
  if (known.length === 0) {
    figure.append(create('figcaption', undefined, 'Latency, last 24 hours: no answers to measure.'));
    return figure;
  }
  const highest = Math.max(1, ...known.map((hour) => (typeof hour.p95_ms === 'number' ? hour.p95_ms : hour.p50_ms)));
  const step = LATENCY_WIDTH / Math.max(1, hours.length - 1);
  const y = (ms) => (LATENCY_HEIGHT - 2 - ((LATENCY_HEIGHT - 4) * ms) / highest).toFixed(1);
  const chart = svg('svg', {
    viewBox: `0 0 ${LATENCY_WIDTH} ${LATENCY_HEIGHT}`,
    preserveAspectRatio: 'none',
    class: 'latency-chart',
    'aria-hidden': 'true',
  });
  chart.append(
    svg('line', { x1: 0, y1: LATENCY_HEIGHT - 1, x2: LATENCY_WIDTH, y2: LATENCY_HEIGHT - 1, class: 'latency-axis' }),
  );
  // One line per run of hours with data, so that an hour without an answer is drawn as a gap.
  let p50 = [];
  let p95 = [];
  const line = (points, className) =>
    svg('polyline', { points: points.join(' '), class: className, 'vector-effect': 'non-scaling-stroke' });
  const flush = () => {
    if (p95.length > 1) chart.append(line(p95, 'latency-p95'));
    if (p50.length > 1) chart.append(line(p50, 'latency-p50'));
    if (p50.length === 1) {
      const [cx, cy] = p50[0].split(',');
      chart.append(svg('circle', { cx, cy, r: 1.5, class: 'latency-dot' }));
    }
    p50 = [];
    p95 = [];
  };
  for (const [index, hour] of hours.entries()) {
    if (typeof hour.p50_ms !== 'number') {
      flush();
      continue;
    }
    const x = (index * step).toFixed(1);
    p50.push(`${x},${y(hour.p50_ms)}`);
    if (typeof hour.p95_ms === 'number') p95.push(`${x},${y(hour.p95_ms)}`);
  }
  flush();
  const last = known.at(-1);
  const lowest = Math.min(...known.map((hour) => hour.p50_ms));
  const largest = Math.max(...known.map((hour) => hour.p50_ms));
  const caption = create(
    'figcaption',
    undefined,
    `Latency, last 24 hours: median ${last.p50_ms} ms in the latest hour${typeof last.p95_ms === 'number' ? ` (95th percentile ${last.p95_ms} ms)` : ''}; hourly medians from ${lowest} to ${largest} ms (bold line: median; faint line: 95th percentile).`,
  );
  figure.setAttribute('aria-label', `${name} latency`);
  figure.append(chart, caption);
  return figure;
}

/** The since-when and the reason for a component that is not operational. */
function createSince(component, incident, maintenance) {
  const since = create('p', 'since');
  if (incident) {
    since.append('Since ', createTime(incident.started_at), ' (for ');
    const duration = create('span', 'since-duration');
    duration.dataset.since = incident.started_at;
    since.append(duration, ')');
    const reason = describeFailure(incident.last_failure);
    since.append(reason ? `: checks are ${reason}.` : '.');
    return since;
  }
  if (component.status === 'under_maintenance' && maintenance) {
    since.append('Planned maintenance until ', createTime(maintenance.window.end), '.');
    return since;
  }
  return undefined;
}

/** Updates every running "for 38 min" on the page; called once a second. */
export function tickDurations(now) {
  for (const node of document.querySelectorAll('[data-since]')) {
    const text = describeSpan(now - Date.parse(node.dataset.since));
    if (node.textContent !== text) node.textContent = text;
  }
}

function isActiveNotice(notice) {
  return notice.kind === 'maintenance' ? notice.state === 'in_progress' : notice.state !== 'resolved';
}

/** One component's card: name and status, since when and why, its 90 days and its latency. */
export function createComponentCard(component, { uptime, incidents, notices }) {
  const key = statusKey(component.status);
  const item = create('li', 'component');
  item.dataset.status = key;
  const head = create('div', 'component-head');
  head.append(
    create('span', 'component-name', component.name),
    create('span', 'visually-hidden', ': '),
    createBadge(component.status),
  );
  item.append(head);

  if (component.status !== 'operational') {
    const incident = incidents?.find((each) => each.component === component.name && each.resolved_at === null);
    const maintenance = notices?.find(
      (notice) => notice.kind === 'maintenance' && isActiveNotice(notice) && notice.components.includes(component.name),
    );
    const since = createSince(component, incident, maintenance);
    if (since) item.append(since);
  }

  const history = uptime?.components.find((each) => each.name === component.name);
  if (history) {
    const figure = isRecord(history.uptime.last_90d) ? history.uptime.last_90d.uptime_percent : null;
    const percent = create('p', 'uptime-figure');
    percent.append(create('strong', undefined, formatPercent(figure)), ' uptime over the last 90 days');
    item.append(
      percent,
      createDayBar(component.name, history.days),
      createLatencyChart(component.name, history.latency),
    );
  }
  return item;
}

function createFacts(facts) {
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

/** Every failure the checks saw during an incident, in words; only the last one carries its HTTP status. */
function describeFailures(incident) {
  const classes = Array.isArray(incident.failure_classes) ? incident.failure_classes : [];
  const words = classes.map((failureClass) =>
    describeFailure(
      incident.last_failure?.class === failureClass
        ? incident.last_failure
        : { class: failureClass, http_status: null },
    ),
  );
  return [...new Set(words)];
}

/** "3 of 4 regions" for a global component's incident; undefined where no vote among regions was taken. */
function describeRegions(regions) {
  if (!isRecord(regions) || !Number.isInteger(regions.saw_outage) || !Number.isInteger(regions.configured)) {
    return undefined;
  }
  return regions.saw_outage === 0
    ? `none of ${regions.configured} regions saw an outage`
    : `${regions.saw_outage} of ${regions.configured} regions`;
}

function createIncidentItem(incident) {
  const item = create('li', 'incident');
  item.dataset.status = statusKey(incident.worst_status);
  const head = create('p', 'incident-head');
  head.append(create('strong', undefined, incident.component), ' ', createBadge(incident.worst_status));
  const ongoing = incident.resolved_at === null;
  const duration = create('span', undefined, describeSpan(incident.duration_seconds * 1000));
  if (ongoing) duration.dataset.since = incident.started_at;
  const reasons = describeFailures(incident);
  const regions = describeRegions(incident.regions);
  item.append(
    head,
    createFacts([
      ['Started', createTime(incident.started_at)],
      ['Ended', ongoing ? 'ongoing' : createTime(incident.resolved_at)],
      [ongoing ? 'Lasting' : 'Lasted', duration],
      ...(reasons.length > 0 ? [['Checks saw', reasons.join(', ')]] : []),
      ...(regions === undefined ? [] : [['Seen from', regions]]),
    ]),
  );
  return item;
}

/** A notice from the team: title, state, what it affects, its window, and every update, newest first. */
function createNotice(notice, headingLevel) {
  const item = create('article', 'notice-card');
  item.dataset.kind = notice.kind;
  item.dataset.state = notice.state;
  const heading = create(`h${headingLevel}`, 'notice-title');
  heading.append(
    create(
      'span',
      'notice-kind',
      `${notice.kind === 'maintenance' ? 'Maintenance' : 'Incident'} · ${noticeStateLabel(notice.state)}`,
    ),
    create('span', 'visually-hidden', ': '),
    create('span', undefined, notice.title),
  );
  item.append(heading);
  const facts = [['Affects', notice.components.length > 0 ? notice.components.join(', ') : 'the whole platform']];
  if (notice.kind === 'maintenance' && isRecord(notice.window)) {
    facts.push(['Window', createTime(notice.window.start), ' to ', createTime(notice.window.end)]);
  }
  item.append(createFacts(facts));
  const updates = create('ol', 'updates');
  for (const update of [...notice.updates].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))) {
    const entry = create('li');
    const when = create('p', 'update-when');
    when.append(create('strong', undefined, noticeStateLabel(update.state)), ' · ', createTime(update.at));
    entry.append(when, create('p', 'update-text', update.text));
    updates.append(entry);
  }
  item.append(updates);
  return item;
}

function lastUpdateMs(notice) {
  return Math.max(...notice.updates.map((update) => Date.parse(update.at)));
}

/** Active notices and upcoming maintenance, for the top of the page. */
export function renderNotices(container, notices) {
  const active = notices.filter(isActiveNotice);
  const upcoming = notices
    .filter((notice) => notice.kind === 'maintenance' && notice.state === 'scheduled')
    .sort((a, b) => Date.parse(a.window?.start) - Date.parse(b.window?.start));
  const parts = [];
  if (active.length > 0) {
    parts.push(create('h3', undefined, 'Happening now'), ...active.map((notice) => createNotice(notice, 4)));
  }
  if (upcoming.length > 0) {
    parts.push(create('h3', undefined, 'Upcoming maintenance'), ...upcoming.map((notice) => createNotice(notice, 4)));
  }
  container.replaceChildren(...parts);
  return parts.length > 0;
}

/** Ongoing incidents first, then the last 90 days of incidents and resolved notices, newest first. */
export function renderIncidents(container, incidents, notices, nowMs) {
  const ongoing = (incidents ?? []).filter((incident) => incident.resolved_at === null);
  const since = nowMs - HISTORY_DAYS * DAY_MS;
  const past = [
    ...(incidents ?? [])
      .filter((incident) => incident.resolved_at !== null && Date.parse(incident.resolved_at) >= since)
      .map((incident) => ({ at: Date.parse(incident.started_at), node: createIncidentItem(incident) })),
    ...(notices ?? [])
      .filter((notice) => !isActiveNotice(notice) && notice.state !== 'scheduled' && lastUpdateMs(notice) >= since)
      .map((notice) => {
        const item = create('li', 'incident incident-notice');
        item.append(createNotice(notice, 4));
        return { at: Math.min(...notice.updates.map((update) => Date.parse(update.at))), node: item };
      }),
  ].sort((a, b) => b.at - a.at);
  const parts = [];
  if (ongoing.length > 0) {
    const list = create('ul', 'incidents');
    list.append(...ongoing.map(createIncidentItem));
    parts.push(create('h3', undefined, 'Ongoing'), list);
  }
  parts.push(create('h3', undefined, `Last ${HISTORY_DAYS} days`));
  if (past.length > 0) {
    const list = create('ul', 'incidents');
    list.append(...past.map((entry) => entry.node));
    parts.push(list);
  } else {
    parts.push(create('p', 'empty', `No incidents in the last ${HISTORY_DAYS} days.`));
  }
  container.replaceChildren(...parts);
}
