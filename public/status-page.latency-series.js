// What a component's latency chart shows, without the DOM: the points of a
// period taken from its history document (the hourly p50 and p95 of the last
// 24 hours, or the daily ones of the last 7 or 90 days) and where each is
// drawn. Pure, so the unit tests run it in Node.

/** The periods a visitor can choose, shortest first: each the message key of its name. */
export const PERIODS = [
  { id: '24h', label: 'latency.period24h' },
  { id: '7d', label: 'latency.period7d' },
  { id: '90d', label: 'latency.period90d' },
];

const whole = (value) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);

/**
 * The points of `period` ('24h', '7d' or '90d') from a component's history
 * (`{ latency: [{ hour, p50_ms, p95_ms }], days: [{ date, p50_ms, p95_ms }] }`),
 * oldest first: `{ kind: 'hour' | 'day', at, p50, p95 }`, a figure null where
 * no check was answered.
 */
export function latencySeries(history, period) {
  if (period === '24h') {
    return (history.latency ?? []).map((hour) => ({
      kind: 'hour',
      at: hour.hour,
      p50: whole(hour.p50_ms),
      p95: whole(hour.p95_ms),
    }));
  }
  const days = history.days ?? [];
  return days.slice(period === '7d' ? -7 : -90).map((day) => ({
    kind: 'day',
    at: day.date,
    p50: whole(day.p50_ms),
    p95: whole(day.p95_ms),
  }));
}

/** The lowest and highest median and the highest p95 of `points`; undefined if none has a median. */
export function seriesRange(points) {
  const known = points.filter((point) => point.p50 !== null);
  if (known.length === 0) return undefined;
  const medians = known.map((point) => point.p50);
  const p95s = known.map((point) => point.p95).filter((value) => value !== null);
  return {
    lowest: Math.min(...medians),
    largest: Math.max(...medians),
    highestP95: p95s.length > 0 ? Math.max(...p95s) : null,
    last: known.at(-1),
    count: known.length,
  };
}

const round = (value) => Math.round(value * 10) / 10;

/**
 * Where `points` go in a `width` × `height` box, time left to right (the
 * style sheet mirrors it right to left): each point's `x`, `y50` and `y95`
 * (null without a figure), the runs of consecutive medians and p95s as lines
 * (a point without a median breaks both, so a gap shows as one), and the
 * scale's top. The scale starts at 0 ms, 2 units inside the box.
 */
export function chartGeometry(points, { width, height }) {
  const highest = Math.max(1, ...points.flatMap((point) => [point.p50 ?? 0, point.p95 ?? 0]));
  const step = points.length > 1 ? width / (points.length - 1) : 0;
  const y = (ms) => (ms === null ? null : round(height - 2 - ((height - 4) * ms) / highest));
  const placed = points.map((point, index) => ({
    ...point,
    x: points.length > 1 ? round(index * step) : round(width / 2),
    y50: y(point.p50),
    y95: y(point.p95),
  }));
  const p50 = [];
  const p95 = [];
  let run50 = [];
  let run95 = [];
  const flush = () => {
    if (run50.length > 0) p50.push(run50);
    if (run95.length > 0) p95.push(run95);
    run50 = [];
    run95 = [];
  };
  for (const point of placed) {
    if (point.y50 === null) {
      flush();
      continue;
    }
    run50.push([point.x, point.y50]);
    if (point.y95 !== null) run95.push([point.x, point.y95]);
  }
  flush();
  return { highest, points: placed, p50, p95 };
}

/** The next point keyboard focus goes to from `index` of `count` for `key`; undefined for any other key. */
export function nextPointIndex(key, index, count, rtl) {
  const later = rtl ? 'ArrowLeft' : 'ArrowRight';
  const earlier = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === later) return Math.min(count - 1, index + 1);
  if (key === earlier) return Math.max(0, index - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}
