// A component's last 90 days as a bar of days: one stop for Tab, arrow keys
// move between days, and each day's words are what a screen reader reads.

import { create } from './status-page.dom.js';
import { isRecord } from './status-page.read-documents.js';
import {
  describeDowntime,
  formatDay,
  formatPercent,
  HISTORY_DAYS,
  statusKey,
  statusLabel,
} from './status-page.words.js';

/** Minutes in an outage (partial or major) during a day, with their fraction: 23 s is 0.383. */
function minutesDown(day) {
  const minutes = isRecord(day.minutes) ? day.minutes : {};
  return (minutes.major_outage ?? 0) + (minutes.partial_outage ?? 0);
}

/** The words for one day: what a screen reader reads and what focus or hover shows. */
function describeDay(day) {
  if (day.worst_status === null || day.uptime_percent === null) return `${formatDay(day.date)}: no data`;
  const worst = day.worst_status === 'operational' ? '' : `; worst: ${statusLabel(day.worst_status).toLowerCase()}`;
  return `${formatDay(day.date)}: ${formatPercent(day.uptime_percent)} uptime, ${describeDowntime(minutesDown(day))}${worst}`;
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

/** The bar of `days` (the last 90 at most), with the focused or hovered day in words below it. */
export function createDayBar(name, days) {
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
