// The figures of a component's latency chart as a table, for screen readers:
// a row per hour (in the visitor's zone) or day (its UTC date), in the
// visitor's language.

import { create } from './status-page.dom.js';
import { t } from './status-page.i18n.js';
import { formatDay, formatTime } from './status-page.words.js';

/** A point's time as the visitor reads it: an hour in their zone, a day as its UTC date. */
export const whenOf = (point) => (point.kind === 'hour' ? formatTime(point.at) : formatDay(point.at));
export const msOf = (value) => (value === null ? t('latency.noAnswer') : t('latency.ms', { ms: value }));

/**
 * The figures as a table (for screen readers; hidden from sight), in the order
 * of time. In a hidden box: a table is never narrower than its cells, so the
 * table itself would widen the page.
 */
export function createTable(period, points) {
  const box = create('div', 'visually-hidden');
  const table = create('table', 'latency-table');
  box.append(table);
  table.append(create('caption', undefined, t(period === '24h' ? 'latency.tableHours' : 'latency.tableDays')));
  const head = create('tr');
  for (const key of [period === '24h' ? 'latency.colHour' : 'latency.colDay', 'latency.colP50', 'latency.colP95']) {
    const cell = create('th', undefined, t(key));
    cell.setAttribute('scope', 'col');
    head.append(cell);
  }
  const body = create('tbody');
  for (const point of points) {
    const row = create('tr');
    const when = create('th', undefined, whenOf(point));
    when.setAttribute('scope', 'row');
    row.append(when, create('td', undefined, msOf(point.p50)), create('td', undefined, msOf(point.p95)));
    body.append(row);
  }
  table.append(create('thead'), body);
  table.tHead.append(head);
  return box;
}
