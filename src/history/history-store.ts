import type { HistoryRetention } from '../settings/history-retention.js';
import type { IncidentRecord } from './advance-incidents.js';
import type { CycleRecord } from './cycle-record.js';
import type { LatencySketch } from './latency-sketch.js';
import type { ComponentHistory } from './render-uptime.js';

/** Every component the history knows, in the order it first saw them, with its time buckets over a period. */
export interface PeriodBuckets {
  readonly components: readonly ComponentHistory[];
}

/**
 * Where the probe's history is kept. The SQLite implementation is the real
 * one; the decisions it applies (spans, incidents, roll-ups, uptime) are pure
 * functions of their own, tested without it.
 */
export interface HistoryStore {
  /**
   * Records a published cycle in one transaction: the raw checks and states,
   * the previous cycle's span as time per state, the incidents it opens,
   * extends or resolves, and one bounded step of roll-up and retention.
   */
  recordCycle(cycle: CycleRecord, retention: HistoryRetention): void;
  /**
   * Takes the history for this writer (a probe that holds the writer lock):
   * from then on, each record by a store that took it earlier (a writer paused
   * past its lease) throws `WriterFencedError` in its own transaction and
   * records nothing. The fencing is the database's own: it holds however
   * long a writer was paused, wherever in its cycle.
   */
  claimWriter(): void;
  /** The time of the last cycle recorded, published or not; `undefined` for an empty history. */
  lastRecordedMs(): number | undefined;
  /** Records a cycle that published nothing (its connectivity check failed): the previous cycle's span ends here. */
  recordGap(atMs: number, intervalMs: number): void;
  /**
   * Time per state in buckets that do not overlap and together cover
   * `[fromMs, toMs)` (days where rolled up, hours after, the last cycle's span
   * up to `nowMs`), and latency per hour for the 24 hours up to `nowMs` and
   * per UTC day from the day of `fromMs`, from the sketches.
   */
  readBuckets(fromMs: number, toMs: number, nowMs: number): PeriodBuckets;
  /**
   * Each component's latency sketch over `[fromMs, toMs)`, by name: merged
   * from the day sketches of the days it covers whole, the hour sketches of
   * the rest, and the raw checks of the hours not yet summarized; every hour
   * the period touches counts whole. A component without an answered check
   * in it is left out.
   */
  readLatency(fromMs: number, toMs: number): ReadonlyMap<string, LatencySketch>;
  /** Incidents ongoing or resolved at or after `fromMs`, that started before `toMs`. */
  readIncidents(fromMs: number, toMs: number): IncidentRecord[];
  close(): void;
}
