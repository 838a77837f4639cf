// A component's latency as a small SVG chart (drawn with createElementNS):
// the last 24 hours by the hour, or the last 7 or 90 days by the day, the
// visitor's choice; a median line and a faint 95th-percentile line, a point
// for each period that takes keyboard focus (the arrow keys move between
// them), and the figures in words and in a table for screen readers. Part of
// the details, so loaded only when a visitor opens them.

import { create } from './status-page.dom.js';
import { currentWords, t } from './status-page.i18n.js';
import { chartGeometry, latencySeries, nextPointIndex, PERIODS, seriesRange } from './status-page.latency-series.js';
import { createTable, msOf, whenOf } from './status-page.latency-table.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const WIDTH = 240;
const HEIGHT = 64;

function svg(tag, attributes) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

function describePoint(point) {
  return t('latency.point', { when: whenOf(point), p50: msOf(point.p50), p95: msOf(point.p95) });
}

/** The words under the chart: the 24 hours as before, the days by their range. */
function captionOf(period, range) {
  if (period === '24h') {
    const { last, lowest, largest } = range;
    return last.p95 !== null
      ? t('latency.captionWithP95', { last: last.p50, p95: last.p95, lowest, largest })
      : t('latency.caption', { last: last.p50, lowest, largest });
  }
  const words = { period: t(`latency.last${period}`), lowest: range.lowest, largest: range.largest };
  return range.highestP95 !== null
    ? t('latency.captionDaysWithP95', { ...words, p95: range.highestP95 })
    : t('latency.captionDays', words);
}

/** The chart's picture: its lines, and a focusable point for each period with a median. */
function createPicture(name, geometry, readout) {
  const chart = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'latency-chart', role: 'group' });
  chart.setAttribute('aria-label', t('latency.pointsOf', { name }));
  chart.append(svg('line', { x1: 0, y1: HEIGHT - 1, x2: WIDTH, y2: HEIGHT - 1, class: 'latency-axis' }));
  const line = (run, className) =>
    svg('polyline', {
      points: run.map(([x, y]) => `${x},${y}`).join(' '),
      class: className,
      'vector-effect': 'non-scaling-stroke',
    });
  for (const run of geometry.p95) if (run.length > 1) chart.append(line(run, 'latency-p95'));
  for (const run of geometry.p50) {
    if (run.length > 1) chart.append(line(run, 'latency-p50'));
    else chart.append(svg('circle', { cx: run[0][0], cy: run[0][1], r: 1.5, class: 'latency-dot' }));
  }
  const known = geometry.points.filter((point) => point.y50 !== null);
  // 90 days leave a point 2.7 units of width: smaller marks, so that they do not overlap.
  const radius = geometry.points.length > 30 ? 1.2 : 2.5;
  const marks = known.map((point, index) => {
    const mark = svg('circle', { cx: point.x, cy: point.y50, r: radius, class: 'latency-point', role: 'img' });
    mark.setAttribute('aria-label', describePoint(point));
    mark.setAttribute('tabindex', index === known.length - 1 ? '0' : '-1');
    mark.addEventListener('focus', () => {
      readout.textContent = describePoint(point);
    });
    mark.addEventListener('keydown', (event) => {
      const next = nextPointIndex(event.key, index, marks.length, currentWords().dir === 'rtl');
      if (next === undefined) return;
      event.preventDefault();
      mark.setAttribute('tabindex', '-1');
      marks[next].setAttribute('tabindex', '0');
      marks[next].focus();
    });
    return mark;
  });
  chart.append(...marks);
  return chart;
}

function drawPeriod(parts, name, history, period) {
  const points = latencySeries(history, period);
  const range = seriesRange(points);
  if (range === undefined) {
    parts.body.replaceChildren();
    parts.caption.textContent =
      period === '24h' ? t('latency.none') : t('latency.noneDays', { period: t(`latency.last${period}`) });
    return;
  }
  parts.caption.textContent = captionOf(period, range);
  // One hour or day with data draws no line, only a dot in an empty box: its figures say it all.
  if (range.count === 1) {
    parts.body.replaceChildren(createTable(period, points));
    return;
  }
  const readout = create('p', 'latency-readout');
  const geometry = chartGeometry(points, { width: WIDTH, height: HEIGHT });
  parts.body.replaceChildren(createPicture(name, geometry, readout), readout, createTable(period, points));
}

/**
 * A component's latency chart from its history document (`{ name, latency,
 * days }`): the last 24 hours first, and a choice of 7 and 90 days.
 */
export function createLatencyChart(name, history) {
  const figure = create('figure', 'latency');
  figure.setAttribute('aria-label', t('latency.label', { name }));
  const choice = create('div', 'latency-periods');
  choice.setAttribute('role', 'group');
  choice.setAttribute('aria-label', t('latency.period'));
  const parts = { body: create('div', 'latency-body'), caption: create('figcaption') };
  const buttons = PERIODS.map(({ id, label }) => {
    const button = create('button', 'latency-period', t(label));
    button.type = 'button';
    button.dataset.period = id;
    button.setAttribute('aria-pressed', String(id === '24h'));
    button.addEventListener('click', () => {
      for (const each of buttons) each.setAttribute('aria-pressed', String(each === button));
      drawPeriod(parts, name, history, id);
    });
    return button;
  });
  choice.append(...buttons);
  drawPeriod(parts, name, history, '24h');
  figure.append(choice, parts.body, parts.caption);
  return figure;
}
