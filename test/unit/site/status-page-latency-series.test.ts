import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageModules, preparePageModules } from '../../helpers/page-modules.js';

interface Point {
  kind: 'hour' | 'day';
  at: string;
  p50: number | null;
  p95: number | null;
}
interface Placed extends Point {
  x: number;
  y50: number | null;
  y95: number | null;
}
interface Series {
  PERIODS: { id: string; label: string }[];
  latencySeries(history: unknown, period: string): Point[];
  seriesRange(
    points: Point[],
  ): { lowest: number; largest: number; highestP95: number | null; last: Point; count: number } | undefined;
  chartGeometry(
    points: Point[],
    box: { width: number; height: number },
  ): { highest: number; points: Placed[]; p50: [number, number][][]; p95: [number, number][][] };
  nextPointIndex(key: string, index: number, count: number, rtl: boolean): number | undefined;
}

let modules: PageModules;
let series: Series;

beforeAll(async () => {
  modules = await preparePageModules();
  series = await modules.import<Series>('status-page.latency-series.js');
});
afterAll(async () => {
  await modules.remove();
});

/** 90 days, the day `i` with median 100 + i and p95 twice that; days 3 and 4 without an answered check. */
const days = Array.from({ length: 90 }, (_, index) => ({
  date: `2026-0${1 + Math.floor(index / 28)}-${String(1 + (index % 28)).padStart(2, '0')}`,
  p50_ms: index === 3 || index === 4 ? null : 100 + index,
  p95_ms: index === 3 || index === 4 ? null : 2 * (100 + index),
  p99_ms: null,
}));
const latency = Array.from({ length: 24 }, (_, index) => ({
  hour: new Date(Date.UTC(2026, 10, 27, index)).toISOString(),
  p50_ms: 40 + index,
  p95_ms: index === 23 ? null : 90,
}));
const history = { name: 'Registry', days, latency };

describe('the latency chart’s points (public/status-page.latency-series.js)', () => {
  it('takes the hours for 24 hours and the last 7 or 90 days for the days, oldest first', () => {
    expect(series.PERIODS.map((period) => period.id)).toEqual(['24h', '7d', '90d']);
    const hours = series.latencySeries(history, '24h');
    expect(hours).toHaveLength(24);
    expect(hours[0]).toEqual({ kind: 'hour', at: '2026-11-27T00:00:00.000Z', p50: 40, p95: 90 });
    expect(hours[23]?.p95).toBeNull();
    const week = series.latencySeries(history, '7d');
    expect(week.map((point) => point.p50)).toEqual([183, 184, 185, 186, 187, 188, 189]);
    expect(week[6]).toEqual({ kind: 'day', at: days[89]?.date, p50: 189, p95: 378 });
    const quarter = series.latencySeries(history, '90d');
    expect(quarter).toHaveLength(90);
    expect(quarter.slice(2, 6).map((point) => point.p50)).toEqual([102, null, null, 105]);
  });

  it('reads a figure that is no count of milliseconds as no answer, and a document without days as none', () => {
    const odd = { latency: [{ hour: 'x', p50_ms: 'fast', p95_ms: -3 }] };
    expect(series.latencySeries(odd, '24h')).toEqual([{ kind: 'hour', at: 'x', p50: null, p95: null }]);
    expect(series.latencySeries({ latency: [] }, '90d')).toEqual([]);
    expect(series.seriesRange(series.latencySeries(odd, '24h'))).toBeUndefined();
  });

  it('gives the range the caption words: lowest and largest median, the highest p95 and the last point', () => {
    const range = series.seriesRange(series.latencySeries(history, '90d'));
    expect(range).toMatchObject({ lowest: 100, largest: 189, highestP95: 378, count: 88 });
    expect(range?.last.p50).toBe(189);
  });

  it('places the points from 0 ms up, left to right across the box, and breaks both lines where no check was answered', () => {
    const points = series.latencySeries(history, '90d');
    const geometry = series.chartGeometry(points, { width: 240, height: 64 });
    expect(geometry.highest).toBe(378);
    expect(geometry.points[0]?.x).toBe(0);
    expect(geometry.points[89]?.x).toBe(240);
    // 2 units inside the box: the highest p95 at the top, 0 ms at the bottom.
    expect(geometry.points[89]?.y95).toBe(2);
    expect(geometry.points[0]?.y50).toBeCloseTo(62 - (60 * 100) / 378, 1);
    expect(geometry.points[3]?.y50).toBeNull();
    // Days 0-2, then 5-89: two runs of each line.
    expect(geometry.p50.map((run) => run.length)).toEqual([3, 85]);
    expect(geometry.p95.map((run) => run.length)).toEqual([3, 85]);
    // A median without its p95 is still on the median line.
    const hours = series.chartGeometry(series.latencySeries(history, '24h'), { width: 240, height: 64 });
    expect(hours.p50.map((run) => run.length)).toEqual([24]);
    expect(hours.p95.map((run) => run.length)).toEqual([23]);
  });

  it('puts a lone point in the middle, and scales an all-zero series without dividing by zero', () => {
    const one = series.chartGeometry([{ kind: 'day', at: '2026-11-27', p50: 0, p95: 0 }], { width: 240, height: 64 });
    expect(one.points[0]).toMatchObject({ x: 120, y50: 62, y95: 62 });
    expect(one.highest).toBe(1);
  });

  it('moves keyboard focus later with the arrow that points forward in the reading direction', () => {
    expect(series.nextPointIndex('ArrowRight', 3, 7, false)).toBe(4);
    expect(series.nextPointIndex('ArrowLeft', 3, 7, false)).toBe(2);
    // Right to left, the chart is mirrored: the left arrow goes later.
    expect(series.nextPointIndex('ArrowLeft', 3, 7, true)).toBe(4);
    expect(series.nextPointIndex('ArrowRight', 0, 7, true)).toBe(0);
    expect(series.nextPointIndex('ArrowRight', 6, 7, false)).toBe(6);
    expect(series.nextPointIndex('Home', 3, 7, false)).toBe(0);
    expect(series.nextPointIndex('End', 3, 7, true)).toBe(6);
    expect(series.nextPointIndex('Enter', 3, 7, false)).toBeUndefined();
  });
});
