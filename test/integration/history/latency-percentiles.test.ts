import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCheck as checkEndpoint } from '../../../src/checks/run-check.js';
import type { CycleRecord } from '../../../src/history/cycle-record.js';
import type { HistoryStore } from '../../../src/history/history-store.js';
import { SKETCH_RELATIVE_ACCURACY, summarizeSketch } from '../../../src/history/latency-sketch.js';
import { renderHistoryDocuments } from '../../../src/history/render-history-documents.js';
import { openSqliteHistoryStore } from '../../../src/history/sqlite-history-store.js';
import { ComponentHistoryDocumentSchema } from '../../../src/schemas/component-history.js';
import { DEFAULT_RETENTION } from '../../../src/settings/history-retention.js';
import { DAY_MS, HOUR_MS } from '../../../src/time/time-units.js';
import { startLoopbackServer } from '../../helpers/loopback-server.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const tempDir = tempDirsPerTest();
let store: HistoryStore | undefined;
afterEach(() => store?.close());

/** The exact percentile as the sketch defines it: the sample of rank q × (n − 1), rounded down. */
function exactPercentile(samples: readonly number[], quantile: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(quantile * (sorted.length - 1))] as number;
}

function expectWithinAccuracy(published: number | null | undefined, exact: number): void {
  expect(published).not.toBeNull();
  expect(Math.abs((published ?? Number.NaN) - exact)).toBeLessThanOrEqual(exact * SKETCH_RELATIVE_ACCURACY + 0.5);
}

/**
 * Latencies measured by the probe's own check against a loopback target that
 * answers after a fixed 5 ms mostly, 30 ms often, and a long tail (60 to
 * 400 ms) now and then: the distribution a day and a month are drawn from.
 */
let measured: number[] = [];
const TAIL_MS = [60, 90, 150, 250, 400];
beforeAll(async () => {
  const target = await startLoopbackServer((request, response) => {
    const wait = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('ms'));
    void delay(wait).then(() => response.end('ok'));
  });
  try {
    const delays = Array.from({ length: 60 }, (_, index) =>
      index % 12 === 11 ? (TAIL_MS[(index / 12) | 0] as number) : index % 3 === 0 ? 30 : 5,
    );
    const results = await Promise.all(
      delays.map((ms) =>
        checkEndpoint({ kind: 'http', url: `${target.origin}/?ms=${ms}`, timeoutMs: 5_000, expectStatus: undefined }),
      ),
    );
    measured = results.map((result) => Math.max(0, Math.round(result.latency_ms)));
    expect(results.every((result) => result.ok)).toBe(true);
  } finally {
    await target.close();
  }
});

/** A seeded generator, so that the draws are the same every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const START = Date.parse('2026-10-01T00:00:00Z');
const CHECKS_PER_CYCLE = 20;

/** One cycle an hour for `days` days, each of a component with 20 checks drawn from the measured latencies. */
function recordDays(history: HistoryStore, days: number): Map<number, number[]> {
  const random = seeded(42);
  const byDay = new Map<number, number[]>();
  for (let atMs = START; atMs < START + days * DAY_MS; atMs += HOUR_MS) {
    const latencies = Array.from(
      { length: CHECKS_PER_CYCLE },
      () => measured[Math.floor(random() * measured.length)] as number,
    );
    const dayMs = Math.floor(atMs / DAY_MS) * DAY_MS;
    byDay.set(dayMs, [...(byDay.get(dayMs) ?? []), ...latencies]);
    const cycle: CycleRecord = {
      atMs,
      intervalMs: HOUR_MS,
      components: [
        {
          name: 'Registry',
          observed: 'operational',
          published: 'operational',
          checks: latencies.map((latencyMs) => ({ ok: true, failureClass: null, httpStatus: 200, latencyMs })),
          regions: null,
          notice: null,
        },
      ],
    };
    history.recordCycle(cycle, DEFAULT_RETENTION);
  }
  return byDay;
}

describe('latency percentiles from the sketches, against the exact ones of the same checks', () => {
  it('publishes each day within 1 % of its exact p50, p95 and p99, and merges 30 days within 1 % of theirs', async () => {
    const file = join(await tempDir(), 'history.sqlite');
    store = openSqliteHistoryStore(file);
    const byDay = recordDays(store, 31);
    const now = new Date(START + 31 * DAY_MS - 1);
    const documents = renderHistoryDocuments(store, {
      regionName: 'Amsterdam 1',
      componentNames: ['Registry'],
      intervalMs: HOUR_MS,
      now,
    });
    const [file0] = [...documents.componentHistories];
    const detail = ComponentHistoryDocumentSchema.parse(JSON.parse(file0?.json ?? '{}'));
    // Every day's figures: closed days from their day sketch, today from its sketch and today's raw hour.
    for (const [dayMs, samples] of byDay) {
      const day = detail.days.find((entry) => entry.date === new Date(dayMs).toISOString().slice(0, 10));
      expectWithinAccuracy(day?.p50_ms, exactPercentile(samples, 0.5));
      expectWithinAccuracy(day?.p95_ms, exactPercentile(samples, 0.95));
      expectWithinAccuracy(day?.p99_ms, exactPercentile(samples, 0.99));
    }
    // The last hour's p99, from the hour's raw checks.
    const lastHour = byDay.get(START + 30 * DAY_MS)?.slice(-CHECKS_PER_CYCLE) ?? [];
    expectWithinAccuracy(detail.latency.at(-1)?.p99_ms, exactPercentile(lastHour, 0.99));
    // Thirty days merged from their sketches.
    const month = [...byDay].filter(([dayMs]) => dayMs < START + 30 * DAY_MS).flatMap(([, samples]) => samples);
    const sketch = store.readLatency(START, START + 30 * DAY_MS).get('Registry');
    expect(sketch?.count).toBe(month.length);
    const merged = sketch === undefined ? null : summarizeSketch(sketch);
    expectWithinAccuracy(merged?.p50Ms, exactPercentile(month, 0.5));
    expectWithinAccuracy(merged?.p95Ms, exactPercentile(month, 0.95));
    expectWithinAccuracy(merged?.p99Ms, exactPercentile(month, 0.99));
    // The long tail is in the figures: the loopback target's slowest answers set the p99.
    expect(merged?.p99Ms).toBeGreaterThanOrEqual(60);
    store.close();
    const database = new Database(file, { readonly: true });
    const sizes = database
      .prepare('SELECT max(length(sketch)) AS largest, count(*) AS days FROM latency_days')
      .get() as { largest: number; days: number };
    database.close();
    expect(sizes.days).toBe(31);
    expect(sizes.largest).toBeLessThanOrEqual(2_048);
  });
});
