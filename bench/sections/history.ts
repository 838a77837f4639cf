/**
 * The history's size, write and render costs with a year of cycles generated
 * straight into the store: what retention would keep (48 h of raw cycles,
 * 90 days of hourly and 400 days of daily aggregates, incidents) is inserted
 * directly, then a second year is run through the store's own recordCycle and
 * compaction at a coarse step, and the last 48 h are filled at full density
 * again, so that the two sizes compare like with like.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { INCIDENTS_PATH, UPTIME_PATH } from '../../src/api-paths.js';
import { compressBody } from '../../src/compression/compress-body.js';
import { incidentId } from '../../src/history/advance-incidents.js';
import type { CycleRecord } from '../../src/history/cycle-record.js';
import { encodeCycle, type StoredComponent } from '../../src/history/encode-cycle.js';
import { decodeLatencySketch, encodeLatencySketch } from '../../src/history/encode-latency-sketch.js';
import type { HistoryStore } from '../../src/history/history-store.js';
import { sketchLatencies } from '../../src/history/latency-sketch.js';
import { createComponentHistoryPublisher } from '../../src/history/publish-component-histories.js';
import {
  createHistoryRenderCache,
  type HistoryDocuments,
  renderHistoryDocuments,
} from '../../src/history/render-history-documents.js';
import { openSqliteHistoryStore } from '../../src/history/sqlite-history-store.js';
import { hourStartMs } from '../../src/history/state-time.js';
import { writeAtomically } from '../../src/io/write-atomically.js';
import { createPublicDirWriter } from '../../src/public-dir/public-dir-writer.js';
import type { StatusValue } from '../../src/schemas/status-value.js';
import { DEFAULT_RETENTION } from '../../src/settings/history-retention.js';
import { DAY_MS, HOUR_MS } from '../../src/time/time-units.js';
import type { BenchSite } from '../fixtures.js';
import { median } from '../process-tools.js';

/** The end of the first simulated year. */
export const YEAR_ONE_END_MS = Date.parse('2027-01-01T00:00:00Z');
const YEAR_MS = 365 * DAY_MS;
/** A component is in major outage for 20 minutes once a week, at an hour of its own. */
const OUTAGE_PERIOD_HOURS = 168;
const OUTAGE_MS = 20 * 60_000;

/** The name of the generated component at `index`. */
export const nameOf = (index: number) => `Component ${index}`;
const hasOutage = (index: number, hourIndex: number) => (hourIndex + index * 7) % OUTAGE_PERIOD_HOURS === 0;

export interface SizeResult {
  readonly components: number;
  readonly intervalMs: number;
  readonly yearOneBytes: number;
  /** After a second year run through recordCycle at a coarse step; `undefined` when not simulated. */
  readonly yearTwoBytes: number | undefined;
  readonly generateMs: number;
  readonly simulateMs: number;
  readonly coarseStepMs: number;
}

async function fileBytes(file: string): Promise<number> {
  const database = new Database(file);
  database.pragma('wal_checkpoint(TRUNCATE)');
  database.close();
  const sizes = await Promise.all(
    ['', '-wal'].map((suffix) =>
      stat(`${file}${suffix}`).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/** A number in [0, 1) from an integer, the same every run. */
function hashUnit(value: number): number {
  let h = Math.imul(value ^ (value >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}

/**
 * An answered check's latency: log-normal around 20 to 79 ms by component
 * (σ = 0.5, so a day spreads over a factor of about 20), the same every run:
 * as wide as a real target's, so that the latency sketches are of a real size.
 */
export function latencyAt(index: number, atMs: number): number {
  const seed = Math.floor(atMs / 1000) * 7_919 + index * 104_729;
  const normal = Math.sqrt(-2 * Math.log(1 - hashUnit(seed))) * Math.cos(2 * Math.PI * hashUnit(seed + 1));
  return Math.max(1, Math.round((20 + (index % 60)) * Math.exp(0.5 * normal)));
}

/** The sketch of one component's answered checks over `[fromMs, toMs)` every 30 s, as the store keeps it. */
function sketchOf(index: number, fromMs: number, toMs: number): Buffer {
  const latencies: number[] = [];
  for (let at = fromMs; at < toMs; at += 30_000) latencies.push(latencyAt(index, at));
  return encodeLatencySketch(sketchLatencies(latencies));
}

function componentsAt(count: number, atMs: number): StoredComponent[] {
  const hourIndex = Math.floor(atMs / HOUR_MS);
  return Array.from({ length: count }, (_, index) => {
    const down = hasOutage(index, hourIndex) && atMs - hourStartMs(atMs) < OUTAGE_MS;
    const state: StatusValue = down ? 'major_outage' : 'operational';
    return {
      componentId: index + 1,
      observed: state,
      published: state,
      checks: [
        down
          ? { ok: false, failureClass: 'status', httpStatus: 503, latencyMs: 5 + (index % 7) }
          : { ok: true, failureClass: null, httpStatus: 200, latencyMs: latencyAt(index, atMs) },
      ],
    };
  });
}

/** Fills `[fromMs, toMs)` with raw cycles every `intervalMs`, as the probe would have written them. */
function insertRaw(database: Database.Database, count: number, fromMs: number, toMs: number, intervalMs: number): void {
  const insert = database.prepare(
    'INSERT OR REPLACE INTO cycles (at_ms, interval_ms, published, data) VALUES (?, ?, 1, ?)',
  );
  database.transaction(() => {
    for (let at = fromMs; at < toMs; at += intervalMs) insert.run(at, intervalMs, encodeCycle(componentsAt(count, at)));
  })();
}

/** Writes directly what a year of cycles leaves behind under the default retention, ending at `endMs`. */
export function generateYear(file: string, count: number, intervalMs: number, endMs: number): void {
  openSqliteHistoryStore(file).close();
  const database = new Database(file);
  database.pragma('synchronous = OFF');
  const addComponent = database.prepare('INSERT INTO components (id, name) VALUES (?, ?)');
  const addHour = database.prepare(
    'INSERT INTO hourly (hour_ms, component_id, operational_ms, major_ms) VALUES (?, ?, ?, ?)',
  );
  const addHourSketch = database.prepare('INSERT INTO latency_hours (hour_ms, component_id, sketch) VALUES (?, ?, ?)');
  const addDaySketch = database.prepare('INSERT INTO latency_days (day_ms, component_id, sketch) VALUES (?, ?, ?)');
  const addDay = database.prepare(
    'INSERT INTO daily (day_ms, component_id, operational_ms, major_ms) VALUES (?, ?, ?, ?)',
  );
  const addIncident = database.prepare(
    `INSERT INTO incidents (id, component, worst, started_ms, resolved_ms, failure_classes, last_class, last_http_status,
                            updated_ms)
     VALUES (?, ?, 'major_outage', ?, ?, 'status', 'status', 503, ?)`,
  );
  const setMark = database.prepare('INSERT OR REPLACE INTO marks (name, ms) VALUES (?, ?)');
  // Each component's sketch of a real day and of a real hour of its checks, stored for every day and hour kept.
  const daySketches = Array.from({ length: count }, (_, index) => sketchOf(index, endMs - DAY_MS, endMs));
  const hourSketches = Array.from({ length: count }, (_, index) => sketchOf(index, endMs - HOUR_MS, endMs));
  database.transaction(() => {
    for (let index = 0; index < count; index += 1) addComponent.run(index + 1, nameOf(index));
    const dayCount = Math.round(DEFAULT_RETENTION.dailyMs / DAY_MS);
    const firstDayMs = endMs - Math.min(dayCount, 365) * DAY_MS;
    for (let day = firstDayMs; day < endMs; day += DAY_MS) {
      for (let index = 0; index < count; index += 1) {
        let downMs = 0;
        for (let hour = day; hour < day + DAY_MS; hour += HOUR_MS) {
          if (hasOutage(index, hour / HOUR_MS)) downMs += OUTAGE_MS;
        }
        addDay.run(day, index + 1, DAY_MS - downMs, downMs);
        addDaySketch.run(day, index + 1, daySketches[index]);
      }
    }
    for (let hour = endMs - DEFAULT_RETENTION.hourlyMs; hour < endMs; hour += HOUR_MS) {
      for (let index = 0; index < count; index += 1) {
        const downMs = hasOutage(index, hour / HOUR_MS) ? OUTAGE_MS : 0;
        addHour.run(hour, index + 1, HOUR_MS - downMs, downMs);
        if (hour >= endMs - DEFAULT_RETENTION.hourlySketchMs) addHourSketch.run(hour, index + 1, hourSketches[index]);
      }
    }
    for (let hour = endMs - YEAR_MS; hour < endMs; hour += HOUR_MS) {
      for (let index = 0; index < count; index += 1) {
        if (hasOutage(index, hour / HOUR_MS))
          addIncident.run(incidentId(nameOf(index), hour), nameOf(index), hour, hour + OUTAGE_MS, hour + OUTAGE_MS);
      }
    }
    setMark.run('latency_through', endMs);
    setMark.run('daily_through', endMs);
  })();
  insertRaw(database, count, endMs - DEFAULT_RETENTION.rawMs, endMs, intervalMs);
  database.close();
}

function cycleRecord(count: number, atMs: number, intervalMs: number): CycleRecord {
  return {
    atMs,
    intervalMs,
    components: componentsAt(count, atMs).map(({ componentId, ...rest }) => ({
      name: nameOf(componentId - 1),
      ...rest,
      regions: null,
      notice: null,
    })),
  };
}

/**
 * A year generated, its size; then, with `coarseStepMs`, a second year run
 * through recordCycle at that step, the last 48 h refilled at full density,
 * and the size again.
 */
export async function measureHistorySize(
  site: BenchSite,
  count: number,
  intervalMs: number,
  coarseStepMs: number | undefined,
): Promise<SizeResult> {
  const file = join(site.root, `history-${count}.sqlite`);
  let started = performance.now();
  generateYear(file, count, intervalMs, YEAR_ONE_END_MS);
  const generateMs = performance.now() - started;
  const yearOneBytes = await fileBytes(file);
  if (coarseStepMs === undefined) {
    return {
      components: count,
      intervalMs,
      yearOneBytes,
      yearTwoBytes: undefined,
      generateMs,
      simulateMs: 0,
      coarseStepMs: 0,
    };
  }
  started = performance.now();
  const store = openSqliteHistoryStore(file);
  const endMs = YEAR_ONE_END_MS + YEAR_MS;
  try {
    for (let at = YEAR_ONE_END_MS; at < endMs; at += coarseStepMs) {
      store.recordCycle(cycleRecord(count, at, coarseStepMs), DEFAULT_RETENTION);
    }
  } finally {
    store.close();
  }
  const simulateMs = performance.now() - started;
  const database = new Database(file);
  database.prepare('DELETE FROM cycles WHERE at_ms >= ?').run(endMs - DEFAULT_RETENTION.rawMs);
  insertRaw(database, count, endMs - DEFAULT_RETENTION.rawMs, endMs, intervalMs);
  database.close();
  return {
    components: count,
    intervalMs,
    yearOneBytes,
    yearTwoBytes: await fileBytes(file),
    generateMs,
    simulateMs,
    coarseStepMs,
  };
}

export interface WriteRenderResult {
  readonly components: number;
  readonly writes: number;
  readonly writeMedianMs: number;
  readonly writeMaxMs: number;
  readonly renders: number;
  readonly renderMedianMs: number;
  readonly firstRenderMs: number;
  /** CPU time (user + system) of the process per render: on a shared, loaded machine, the cost itself. */
  readonly renderCpuMedianMs: number;
  /** The `/api/v1/uptime` summary as written, and as `serve` sends it compressed. */
  readonly uptimeBytes: number;
  readonly uptimeBrBytes: number;
  readonly uptimeGzipBytes: number;
  /** One component's `/api/v1/component-history/{slug}.json`, raw and compressed. */
  readonly detailBytes: number;
  readonly detailBrBytes: number;
  readonly detailGzipBytes: number;
  /** Writing a cycle's documents as the probe does: every detail file (no flush each), then the summary and the incidents. */
  readonly publishMedianMs: number;
  /** The same detail files written once with a flush each, for comparison. */
  readonly publishSyncedMs: number;
}

/** Writes the documents of one cycle under `publicDir` as the history recorder does. */
async function publishDocuments(
  publicDir: string,
  publish: ReturnType<typeof createComponentHistoryPublisher>,
  documents: HistoryDocuments,
): Promise<void> {
  await publish(documents.componentHistories);
  await writeAtomically(`${publicDir}${UPTIME_PATH}`, documents.uptime);
  await writeAtomically(`${publicDir}${INCIDENTS_PATH}`, documents.incidents);
}

/**
 * On a generated year: the time to record one cycle of `count` components, to
 * render the history documents as the probe does each cycle (the first
 * render, which fills the serializer's cache, is reported apart), to write
 * them (every component's detail file, the summary, the incidents), and
 * their sizes.
 */
export async function measureWriteAndRender(
  site: BenchSite,
  count: number,
  intervalMs: number,
  writes: number,
  renders: number,
): Promise<WriteRenderResult> {
  const file = join(site.root, `history-write-${count}.sqlite`);
  generateYear(file, count, intervalMs, YEAR_ONE_END_MS);
  const store: HistoryStore = openSqliteHistoryStore(file);
  try {
    const writeTimes: number[] = [];
    for (let index = 0; index < writes; index += 1) {
      const cycle = cycleRecord(count, YEAR_ONE_END_MS + index * intervalMs, intervalMs);
      const started = performance.now();
      store.recordCycle(cycle, DEFAULT_RETENTION);
      writeTimes.push(performance.now() - started);
    }
    const renderTimes: number[] = [];
    const renderCpuTimes: number[] = [];
    const publishTimes: number[] = [];
    const publicDir = join(site.root, `history-public-${count}`);
    await rm(publicDir, { recursive: true, force: true });
    await mkdir(join(publicDir, 'api', 'v1'), { recursive: true });
    const publish = createComponentHistoryPublisher(createPublicDirWriter(publicDir));
    let last: HistoryDocuments | undefined;
    const names = Array.from({ length: count }, (_, index) => nameOf(index));
    // As the probe renders: one serializer kept across cycles, now moving on by an interval each time.
    const cache = createHistoryRenderCache();
    for (let index = 0; index < renders; index += 1) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const documents = renderHistoryDocuments(
        store,
        {
          regionName: 'Amsterdam 1',
          componentNames: names,
          intervalMs,
          now: new Date(YEAR_ONE_END_MS + (writes + index) * intervalMs),
        },
        cache,
      );
      renderTimes.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuBefore);
      renderCpuTimes.push((cpu.user + cpu.system) / 1000);
      const publishStarted = performance.now();
      await publishDocuments(publicDir, publish, documents);
      publishTimes.push(performance.now() - publishStarted);
      last = documents;
    }
    if (last === undefined) throw new Error('no render');
    const syncedStarted = performance.now();
    for (const { slug, json } of last.componentHistories) {
      await writeAtomically(join(publicDir, `synced-${slug}.json`), json);
    }
    const publishSyncedMs = performance.now() - syncedStarted;
    const uptime = Buffer.from(last.uptime);
    const detail = Buffer.from([...last.componentHistories][0]?.json ?? '');
    const [uptimeForms, detailForms] = await Promise.all([compressBody(uptime), compressBody(detail)]);
    await rm(publicDir, { recursive: true, force: true });
    return {
      components: count,
      writes,
      writeMedianMs: median(writeTimes),
      writeMaxMs: Math.max(...writeTimes),
      renders: renderTimes.length - 1,
      renderMedianMs: median(renderTimes.slice(1)),
      firstRenderMs: renderTimes[0] ?? Number.NaN,
      renderCpuMedianMs: median(renderCpuTimes.slice(1)),
      uptimeBytes: uptime.length,
      uptimeBrBytes: uptimeForms.br?.length ?? uptime.length,
      uptimeGzipBytes: uptimeForms.gzip?.length ?? uptime.length,
      detailBytes: detail.length,
      detailBrBytes: detailForms.br?.length ?? detail.length,
      detailGzipBytes: detailForms.gzip?.length ?? detail.length,
      // The first write creates every file; later ones replace them, as each cycle does.
      publishMedianMs: median(publishTimes.slice(1)),
      publishSyncedMs,
    };
  } finally {
    store.close();
  }
}

/** What a check costs the latency sketches: its insert (`accept`), and an hour's sketch encoded and merged into its day. */
export interface SketchCost {
  readonly checks: number;
  readonly insertNsPerCheck: number;
  /** Encoding a component's hour (120 checks) and merging it into its day's sketch, decoded and encoded again. */
  readonly hourIntoDayUs: number;
  /** The largest day sketch of 1,000 components' real days, in bytes. */
  readonly largestDayBytes: number;
  readonly medianDayBytes: number;
}

/** Measures the sketches' own costs on the generated latencies (1,000 components, a day each). */
export function measureSketchCost(): SketchCost {
  const dayStartMs = YEAR_ONE_END_MS - DAY_MS;
  const perComponent = Array.from({ length: 1_000 }, (_, index) => {
    const latencies: number[] = [];
    for (let at = dayStartMs; at < YEAR_ONE_END_MS; at += 30_000) latencies.push(latencyAt(index, at));
    return latencies;
  });
  const started = process.hrtime.bigint();
  const days = perComponent.map((latencies) => sketchLatencies(latencies));
  const insertNs = Number(process.hrtime.bigint() - started);
  const checks = perComponent.reduce((sum, latencies) => sum + latencies.length, 0);
  const dayBytes = days.map((sketch) => encodeLatencySketch(sketch));
  const mergeStarted = process.hrtime.bigint();
  for (const [index, latencies] of perComponent.entries()) {
    const hour = sketchLatencies(latencies.slice(0, 120));
    encodeLatencySketch(hour);
    hour.merge(decodeLatencySketch(dayBytes[index] as Buffer));
    encodeLatencySketch(hour);
  }
  const mergeNs = Number(process.hrtime.bigint() - mergeStarted);
  const sizes = dayBytes.map((bytes) => bytes.length).sort((a, b) => a - b);
  return {
    checks,
    insertNsPerCheck: insertNs / checks,
    hourIntoDayUs: mergeNs / perComponent.length / 1000,
    largestDayBytes: sizes.at(-1) ?? 0,
    medianDayBytes: median(sizes),
  };
}
