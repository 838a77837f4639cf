// A component's last 90 days as a bar of days in one element: one stop for Tab,
// arrow keys move between days, and the chosen day's words are what a screen reader reads.
// The days are UTC days, and their words say so.

import { create } from './status-page.dom.js';
import { currentWords, t } from './status-page.i18n.js';
import {
  describeDowntime,
  formatDay,
  formatPercent,
  HISTORY_DAYS,
  statusInline,
  statusKey,
} from './status-page.words.js';

const DAY_MS = 86_400_000;

/** The words for one day: what a screen reader reads and what focus or hover shows; today's say "so far". */
function describeDay(day, isToday) {
  const name = formatDay(day.date);
  if (day.worst_status === null || day.uptime_percent === null) return t('day.noData', { day: name });
  const words = t(isToday ? 'day.today' : 'day.past', {
    day: name,
    uptime: formatPercent(day.uptime_percent),
    down: describeDowntime(day.down_seconds),
  });
  return day.worst_status === 'operational'
    ? words
    : t('day.withWorst', { words, state: statusInline(day.worst_status) });
}

/** The UTC date `index` days after `firstDay`. */
function dayAfter(firstDay, index) {
  return new Date(Date.parse(`${firstDay}T00:00:00Z`) + index * DAY_MS).toISOString().slice(0, 10);
}

/** The summary's columns as one entry a day, oldest first: `{ date, uptime_percent, worst_status, down_seconds }`. */
export function daysOf(firstDay, columns) {
  return columns.worst_status.map((worst, index) => ({
    date: dayAfter(firstDay, index),
    uptime_percent: typeof columns.uptime_percent[index] === 'number' ? columns.uptime_percent[index] : null,
    worst_status: typeof worst === 'string' ? worst : null,
    down_seconds: Number.isFinite(columns.down_seconds[index]) ? columns.down_seconds[index] : 0,
  }));
}

/** The colour variable of each day's worst state; the stale page's greying applies to them too. */
const COLOUR_VARIABLES = {
  operational: '--operational',
  under_maintenance: '--under-maintenance',
  degraded_performance: '--degraded-performance',
  partial_outage: '--partial-outage',
  major_outage: '--major-outage',
  unknown: '--unknown',
  none: '--no-data',
};

/**
 * The days as one CSS gradient, two hard stops for each run of days of one
 * state: a quiet quarter is one band, not ninety elements.
 */
function paintDays(keys) {
  const stops = [];
  const at = (index) => `${((index / keys.length) * 100).toFixed(4)}%`;
  let start = 0;
  for (let index = 1; index <= keys.length; index += 1) {
    if (index < keys.length && keys[index] === keys[start]) continue;
    const colour = `var(${COLOUR_VARIABLES[keys[start]] ?? COLOUR_VARIABLES.unknown})`;
    stops.push(`${colour} ${at(start)}`, `${colour} ${at(index)}`);
    start = index;
  }
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/**
 * The key each arrow, Home and End moves the chosen day to. Right to left,
 * the bar is mirrored (today on the left), and so are the arrows.
 */
const MIRRORED = { ArrowLeft: 'ArrowRight', ArrowRight: 'ArrowLeft' };
const MOVES = {
  ArrowLeft: (index) => index - 1,
  ArrowDown: (index) => index - 1,
  ArrowRight: (index) => index + 1,
  ArrowUp: (index) => index + 1,
  PageDown: (index) => index - 7,
  PageUp: (index) => index + 7,
  Home: () => 0,
  End: (_index, last) => last,
};

/**
 * The bar of `days` (oldest first, the last 90 at most; the last may be
 * `today`, a UTC date) as ONE element: the days painted as
 * a gradient, one Tab stop whose arrow keys, Home and End choose a day (a
 * slider, so that assistive technology reads the chosen day's words as its
 * value), the pointer choosing the day under it; the chosen day is marked on
 * the bar and shown in words below it. At 1,000 components this is 1,000
 * elements, where a cell per day was 180,000 nodes with their text.
 */
export function createDayBar(name, days, today) {
  const wrapper = create('div', 'days-wrapper');
  const recent = days.slice(-HISTORY_DAYS);
  const keys = recent.map((day) => (day.worst_status === null ? 'none' : statusKey(day.worst_status)));
  const rightToLeft = currentWords().dir === 'rtl';
  const bar = create('div', 'days');
  bar.tabIndex = 0;
  bar.setAttribute('role', 'slider');
  bar.setAttribute('aria-label', t('day.barLabel', { name, count: recent.length }));
  bar.setAttribute('aria-valuemin', '1');
  bar.setAttribute('aria-valuemax', String(recent.length));
  bar.dataset.statuses = keys.join(' ');
  bar.dataset.dates = recent.map((day) => day.date).join(' ');
  // CSSOM, not a style attribute: the page's Content-Security-Policy allows no inline styles.
  bar.style.backgroundImage = paintDays(keys);
  bar.style.setProperty('--day-count', String(recent.length));
  const detail = create('p', 'day-detail');
  // The slider's value is what assistive technology reads; this line repeats it for the eye.
  detail.setAttribute('aria-hidden', 'true');
  const choose = (index) => {
    const chosen = Math.max(0, Math.min(recent.length - 1, index));
    const words = describeDay(recent[chosen], recent[chosen].date === today);
    bar.setAttribute('aria-valuenow', String(chosen + 1));
    bar.setAttribute('aria-valuetext', words);
    bar.style.setProperty('--day', String(chosen));
    detail.textContent = words;
    return chosen;
  };
  let current = recent.length === 0 ? 0 : choose(recent.length - 1);
  bar.addEventListener('keydown', (event) => {
    const move = MOVES[rightToLeft ? (MIRRORED[event.key] ?? event.key) : event.key];
    if (move === undefined || recent.length === 0) return;
    event.preventDefault();
    current = choose(move(current, recent.length - 1));
  });
  bar.addEventListener('pointermove', (event) => {
    const box = bar.getBoundingClientRect();
    if (box.width <= 0 || recent.length === 0) return;
    const fromStart = rightToLeft ? box.right - event.clientX : event.clientX - box.left;
    current = choose(Math.floor((fromStart / box.width) * recent.length));
  });
  const axis = create('p', 'days-axis');
  axis.setAttribute('aria-hidden', 'true');
  axis.append(
    create('span', undefined, t('day.axisStart', { count: recent.length })),
    create('span', undefined, t('day.axisToday')),
  );
  wrapper.append(bar, axis, detail);
  return wrapper;
}
