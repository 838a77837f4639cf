// A component's last 24 hours of latency as a small SVG chart (drawn with
// createElementNS), with its figures in words in the caption.

import { create } from './status-page.dom.js';
import { t } from './status-page.i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const LATENCY_WIDTH = 240;
const LATENCY_HEIGHT = 48;

function svg(tag, attributes) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

/** A line of the hourly median latency (and a band up to p95), gaps where no check got an answer. */
export function createLatencyChart(name, hours) {
  const known = hours.filter((hour) => typeof hour.p50_ms === 'number');
  const figure = create('figure', 'latency');
  if (known.length === 0) {
    figure.append(create('figcaption', undefined, t('latency.none')));
    return figure;
  }
  // One hour with data draws no line, only a dot in an empty box: its figures say it all.
  if (known.length === 1) {
    const [only] = known;
    figure.setAttribute('aria-label', t('latency.label', { name }));
    figure.append(
      create(
        'figcaption',
        undefined,
        typeof only.p95_ms === 'number'
          ? t('latency.captionWithP95', {
              last: only.p50_ms,
              p95: only.p95_ms,
              lowest: only.p50_ms,
              largest: only.p50_ms,
            })
          : t('latency.caption', { last: only.p50_ms, lowest: only.p50_ms, largest: only.p50_ms }),
      ),
    );
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
    typeof last.p95_ms === 'number'
      ? t('latency.captionWithP95', { last: last.p50_ms, p95: last.p95_ms, lowest, largest })
      : t('latency.caption', { last: last.p50_ms, lowest, largest }),
  );
  figure.setAttribute('aria-label', t('latency.label', { name }));
  figure.append(chart, caption);
  return figure;
}
