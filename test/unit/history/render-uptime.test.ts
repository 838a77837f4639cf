import { describe, expect, it } from 'vitest';
import {
  type ComponentHistory,
  createDayEntries,
  outageSeconds,
  renderUptime,
  UPTIME_DAYS,
} from '../../../src/history/render-uptime.js';
import {
  createComponentHistorySerializer,
  createUptimeSerializer,
  serializeComponentHistory,
  serializeUptime,
} from '../../../src/history/serialize-uptime.js';
import { type StateMs, stateMsOf, type TimeBucket } from '../../../src/history/state-time.js';
import { ComponentHistoryDocumentSchema } from '../../../src/schemas/component-history.js';
import { UptimeDocumentSchema } from '../../../src/schemas/uptime.js';
import { DAY_MS, HOUR_MS } from '../../../src/time/time-units.js';

const NOW = new Date('2026-11-22T10:03:00Z');
const TODAY_MS = Date.parse('2026-11-22T00:00:00Z');
const MINUTE_MS = 60_000;

function bucket(startMs: number, lengthMs: number, ms: StateMs): TimeBucket {
  return { startMs, lengthMs, ms };
}

/** Operational all of yesterday but 23 s of major outage; today 10 min operational, then 90 s partial outage. */
const scheduler: ComponentHistory = {
  name: 'Scheduler',
  buckets: [
    bucket(TODAY_MS - DAY_MS, DAY_MS, [DAY_MS - 23_000, 0, 0, 0, 23_000]),
    bucket(TODAY_MS + 9 * HOUR_MS, 10 * MINUTE_MS, stateMsOf('operational', 10 * MINUTE_MS)),
    bucket(TODAY_MS + 9 * HOUR_MS + 10 * MINUTE_MS, 90_000, stateMsOf('partial_outage', 90_000)),
  ],
  latency: new Map([[TODAY_MS + 9 * HOUR_MS, { p50Ms: 2, p95Ms: 4, p99Ms: 9 }]]),
  dayLatency: new Map([
    [TODAY_MS - DAY_MS, { p50Ms: 3, p95Ms: 7, p99Ms: 12 }],
    [TODAY_MS, { p50Ms: 2, p95Ms: 4, p99Ms: 9 }],
  ]),
};
const unseen: ComponentHistory = { name: 'Build Service', buckets: [], latency: new Map(), dayLatency: new Map() };
const sameSlug: ComponentHistory = { name: 'build-service', buckets: [], latency: new Map(), dayLatency: new Map() };

const input = { regionName: 'Amsterdam 1', now: NOW, intervalMs: 5_000, components: [scheduler, unseen, sameSlug] };

describe('renderUptime: a compact summary and one detail document per component', () => {
  const { summary, details: lazyDetails } = renderUptime(input);
  const details = [...lazyDetails];

  it('starts the summary with the header and the date of day 0, 89 days before today', () => {
    expect({ ...summary, components: [] }).toEqual({
      version: 'v1',
      region: 'Amsterdam 1',
      generated_at: '2026-11-22T10:03:00Z',
      interval_seconds: 5,
      first_day: '2026-08-25',
      components: [],
    });
  });

  it('gives every column exactly 90 entries, oldest first, today last', () => {
    for (const component of summary.components) {
      expect(Object.values(component.days).map((column) => column.length)).toEqual([
        UPTIME_DAYS,
        UPTIME_DAYS,
        UPTIME_DAYS,
      ]);
    }
    const [first] = summary.components;
    expect(first?.days.uptime_percent.slice(-2)).toEqual([99.973, 96.087]);
    expect(first?.days.worst_status.slice(-3)).toEqual([null, 'major_outage', 'partial_outage']);
    expect(first?.days.uptime_percent[0]).toBeNull();
  });

  it('counts whole seconds published partial or major outage as down_seconds', () => {
    expect(summary.components[0]?.days.down_seconds.slice(-3)).toEqual([0, 23, 90]);
  });

  it('names each component by its slug, the first in config order keeping the plain one', () => {
    expect(summary.components.map(({ name, slug }) => [name, slug])).toEqual([
      ['Scheduler', 'scheduler'],
      ['Build Service', 'build-service'],
      ['build-service', 'build-service-2'],
    ]);
    expect(details.map(({ slug }) => slug)).toEqual(['scheduler', 'build-service', 'build-service-2']);
  });

  it('keeps latency and minutes out of the summary, but for today’s p95, the card’s, as the detail’s today', () => {
    expect(Object.keys(summary.components[0] ?? {})).toEqual(['name', 'slug', 'uptime', 'today_p95_ms', 'days']);
    expect(summary.components.map((component) => component.today_p95_ms)).toEqual([4, null, null]);
    expect(summary.components[0]?.today_p95_ms).toBe(details[0]?.days.at(-1)?.p95_ms);
    expect(Object.keys(summary.components[0]?.days ?? {})).toEqual(['uptime_percent', 'worst_status', 'down_seconds']);
  });

  it('names no group where none is configured', () => {
    expect(summary.components.map((component) => 'group' in component)).toEqual([false, false, false]);
  });

  it("names a grouped component's group, after its slug, and none for an ungrouped one, in both serializers' bytes", () => {
    const grouped = renderUptime({ ...input, groups: new Map([['Scheduler', 'Compute']]) }).summary;
    expect(grouped.components.map((component) => component.group)).toEqual(['Compute', undefined, undefined]);
    expect(Object.keys(grouped.components[0] ?? {})).toEqual([
      'name',
      'slug',
      'group',
      'uptime',
      'today_p95_ms',
      'days',
    ]);
    expect(Object.keys(grouped.components[1] ?? {})).not.toContain('group');
    const json = serializeUptime(grouped);
    expect(json).toContain('{"name":"Scheduler","slug":"scheduler","group":"Compute","uptime":');
    expect(json).toContain('{"name":"Build Service","slug":"build-service","uptime":');
    expect(createUptimeSerializer()(grouped)).toBe(json);
    expect(UptimeDocumentSchema.parse(JSON.parse(json))).toEqual(grouped);
  });

  it('puts the same days in the detail document, with minutes per state and 24 hours of latency', () => {
    const [detail] = details;
    expect(detail?.days).toHaveLength(UPTIME_DAYS);
    expect(detail?.days[0]?.date).toBe(summary.first_day);
    expect(detail?.days.at(-1)).toEqual({
      date: '2026-11-22',
      uptime_percent: 96.087,
      worst_status: 'partial_outage',
      minutes: { operational: 10, under_maintenance: 0, degraded_performance: 0, partial_outage: 1.5, major_outage: 0 },
      no_data_minutes: 591.5,
      p50_ms: 2,
      p95_ms: 4,
      p99_ms: 9,
    });
    expect(detail?.days.at(-2)).toMatchObject({ date: '2026-11-21', p50_ms: 3, p95_ms: 7, p99_ms: 12 });
    expect(detail?.days.at(-3)).toMatchObject({ date: '2026-11-20', p50_ms: null, p95_ms: null, p99_ms: null });
    expect(detail?.days.map((day) => day.uptime_percent)).toEqual(summary.components[0]?.days.uptime_percent);
    expect(detail?.days.map((day) => day.worst_status)).toEqual(summary.components[0]?.days.worst_status);
    expect(detail?.latency).toHaveLength(24);
    expect(detail?.latency.slice(-2)).toEqual([
      { hour: '2026-11-22T09:00:00Z', p50_ms: 2, p95_ms: 4, p99_ms: 9 },
      { hour: '2026-11-22T10:00:00Z', p50_ms: null, p95_ms: null, p99_ms: null },
    ]);
    expect(detail?.uptime).toEqual(summary.components[0]?.uptime);
    expect({ ...detail, uptime: undefined, days: undefined, latency: undefined }).toEqual({
      version: 'v1',
      region: 'Amsterdam 1',
      generated_at: '2026-11-22T10:03:00Z',
      interval_seconds: 5,
      name: 'Scheduler',
      slug: 'scheduler',
      uptime: undefined,
      days: undefined,
      latency: undefined,
    });
  });

  it('gives the same result with day entries memoized from an earlier render', () => {
    const days = createDayEntries();
    renderUptime(input, days);
    expect(renderUptime(input, days)).toEqual(renderUptime(input));
    // A later render, with today grown and yesterday unchanged, as a fresh render gives it.
    const later = { ...input, now: new Date(input.now.getTime() + 30_000) };
    expect(renderUptime(later, days)).toEqual(renderUptime(later));
    // Today's percentiles moved, nothing else: the memoized day is not reused.
    const slower: ComponentHistory = {
      ...scheduler,
      dayLatency: new Map([...scheduler.dayLatency, [TODAY_MS, { p50Ms: 2, p95Ms: 5, p99Ms: 9 }]]),
    };
    const moved = { ...later, components: [slower, unseen, sameSlug] };
    expect([...renderUptime(moved, days).details][0]?.days.at(-1)?.p95_ms).toBe(5);
  });

  it('keeps no entry per render for today, which changes at every cycle: the memo stays the same size over a day of cycles', () => {
    const days = createDayEntries();
    const at = (cycle: number) => ({ ...input, now: new Date(input.now.getTime() + cycle * 1_000) });
    renderUptime(at(0), days);
    const afterFirst = days.byValue.size;
    for (let cycle = 1; cycle <= 2_000; cycle += 1) renderUptime(at(cycle), days);
    // Before, each render added today's entry of each component with history: 2,000 more here,
    // 28,800 an hour at four components on a one-second schedule, until the cap of 200,000.
    expect(days.byValue.size).toBe(afterFirst);
    // And what it renders is what a fresh render gives.
    expect(renderUptime(at(2_001), days)).toEqual(renderUptime(at(2_001)));
  });
});

describe('outageSeconds', () => {
  it.each([
    [[0, 0, 0, 0, 0], 0],
    [[60_000, 5_000, 7_000, 0, 0], 0],
    [[0, 0, 0, 499, 0], 0],
    [[0, 0, 0, 500, 0], 1],
    [[0, 0, 0, 10_000, 13_000], 23],
  ] as const)('counts %j as %i s down', (time, seconds) => {
    expect(outageSeconds(time)).toBe(seconds);
  });
});

describe('serializing the history documents', () => {
  const { summary, details: lazyDetails } = renderUptime(input);
  const details = [...lazyDetails];

  it('writes the summary as compact JSON in the schema key order that parses back to itself', () => {
    const json = serializeUptime(summary);
    expect(json.startsWith('{"version":"v1","region":"Amsterdam 1","generated_at":"2026-11-22T10:03:00Z"')).toBe(true);
    expect(json.endsWith('}\n')).toBe(true);
    expect(UptimeDocumentSchema.parse(JSON.parse(json))).toEqual(summary);
  });

  it("gives the probe's caching serializer the same bytes, the first time and from its cache", () => {
    const cached = createComponentHistorySerializer();
    for (const detail of details) {
      const json = serializeComponentHistory(detail);
      expect(cached(detail)).toBe(json);
      expect(cached(detail)).toBe(json);
      expect(ComponentHistoryDocumentSchema.parse(JSON.parse(json))).toEqual(detail);
    }
  });

  it('refuses a detail document with a bad day, even from the cache', () => {
    const cached = createComponentHistorySerializer();
    const [detail] = details;
    if (detail === undefined) throw new Error('no detail');
    const broken = structuredClone(detail);
    const last = broken.days.at(-1);
    if (last) last.no_data_minutes = -1;
    expect(() => cached(broken)).toThrow();
    expect(() => cached({ ...detail, days: detail.days.slice(1) })).toThrow();
    expect(() => cached({ ...detail, slug: 'Not A Slug' })).toThrow();
  });

  it("gives the probe's caching summary serializer the same bytes, and refuses bad columns even after good ones", () => {
    const cached = createUptimeSerializer();
    const json = serializeUptime(summary);
    expect(cached(summary)).toBe(json);
    expect(cached(summary)).toBe(json);
    const [first] = summary.components;
    if (first === undefined) throw new Error('no component');
    const negative = { ...first, days: { ...first.days, down_seconds: [-1, ...first.days.down_seconds.slice(1)] } };
    expect(() => cached({ ...summary, components: [negative] })).toThrow();
    expect(() => cached({ ...summary, components: [{ ...first, slug: 'Not A Slug' }] })).toThrow();
    expect(() => cached({ ...summary, first_day: '25/08/2026' })).toThrow();
  });

  it('refuses a summary whose columns do not hold 90 days', () => {
    const [first] = summary.components;
    if (first === undefined) throw new Error('no component');
    const short = { ...first, days: { ...first.days, down_seconds: first.days.down_seconds.slice(1) } };
    expect(() => serializeUptime({ ...summary, components: [short] })).toThrow(/90/);
  });
});
