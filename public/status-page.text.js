// Words and DOM helpers shared by the status page's modules. Everything that
// came from a document reaches the page through textContent or an attribute,
// never through innerHTML: text from the team or the config stays text.

export const STATUS_LABELS = {
  operational: 'Operational',
  under_maintenance: 'Under maintenance',
  degraded_performance: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
};

/** A shape beside the colour; the words are what carry the status. */
export const STATUS_ICONS = {
  operational: '✓',
  under_maintenance: '◆',
  degraded_performance: '▲',
  partial_outage: '◐',
  major_outage: '✕',
  unknown: '?',
};

/** What the checks saw, in words, by failure class (src/schemas/failure-class.ts). */
const FAILURE_WORDS = {
  timeout: 'timing out',
  refused: 'refusing connections',
  dns: 'not resolving in DNS',
  tls: 'failing the TLS handshake',
  reset: 'resetting connections',
  error: 'failing with an error',
};

const NOTICE_STATE_LABELS = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
};

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export function element(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`status page: #${id} is missing from index.html`);
  return found;
}

export function create(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Replaces a node's text only when it changes, so that a live region announces changes and nothing else. */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

export function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function statusKey(value) {
  return Object.hasOwn(STATUS_LABELS, value) ? value : 'unknown';
}

export function statusLabel(value) {
  return Object.hasOwn(STATUS_LABELS, value) ? STATUS_LABELS[value] : `Unknown (${value})`;
}

export function noticeStateLabel(value) {
  return Object.hasOwn(NOTICE_STATE_LABELS, value) ? NOTICE_STATE_LABELS[value] : String(value);
}

/** "1 second", "90 seconds", "5 minutes", "3 hours", "2 days". */
export function describeDuration(ms) {
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

/** "1 h 12 min", "38 min", "45 s": a span of time, precise enough for an incident. */
export function describeSpan(ms) {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** A point in time as people read it, in this browser's time zone. */
export function formatTime(timestamp) {
  return timeFormat.format(new Date(timestamp));
}

/** A UTC day, `2026-11-22`, as "Sun 22 Nov 2026". */
export function formatDay(date) {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/** A `<time>` element showing `timestamp` in words. */
export function createTime(timestamp) {
  const time = create('time', undefined, formatTime(timestamp));
  time.dateTime = timestamp;
  return time;
}

/** "timing out", "answering 503": what the checks saw, from an incident's `last_failure`. */
export function describeFailure(failure) {
  if (!isRecord(failure)) return undefined;
  if (failure.class === 'status') {
    return typeof failure.http_status === 'number'
      ? `answering ${failure.http_status}`
      : 'answering with an unexpected status';
  }
  return Object.hasOwn(FAILURE_WORDS, failure.class) ? FAILURE_WORDS[failure.class] : 'failing';
}

export function createBadge(value) {
  const key = statusKey(value);
  const badge = create('span', 'badge');
  badge.dataset.status = key;
  const icon = create('span', 'status-icon', STATUS_ICONS[key]);
  icon.setAttribute('aria-hidden', 'true');
  badge.append(icon, create('span', 'badge-text', statusLabel(value)));
  return badge;
}

const drawn = new WeakMap();

/** Redraws a node only when its data has changed, so that focus and hover survive refreshes. */
export function renderOnce(node, data, draw) {
  const key = JSON.stringify(data);
  if (drawn.get(node) === key) return;
  drawn.set(node, key);
  node.dataset.rendered = 'true';
  draw();
}
