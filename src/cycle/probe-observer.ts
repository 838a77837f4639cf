import type { CycleReport } from './cycle-report.js';
import type { CycleOutcome } from './run-cycle.js';

/** A cycle whose checks ran: a status to publish. */
export type ObservedCycle = Extract<CycleOutcome, { kind: 'observed' }>;

/**
 * What the prober tells an onlooker (the probe's metrics, its log lines) as
 * it works: each cycle's outcome once decided, once its status,
 * observations and state are written, and its report once the cycle is
 * over; and how long the history took to record a published one. The
 * prober knows nothing of what the onlooker does with it; an observer must
 * not throw and must be quick.
 */
export interface ProbeObserver {
  /** The checks and decisions are done, nothing written yet. */
  cycleDecided?(outcome: CycleOutcome): void;
  /** The status, the observations and the state are written; the steps after them follow. */
  cyclePublished?(outcome: ObservedCycle): void;
  cycleEnded(outcome: CycleOutcome, report: CycleReport): void;
  historyRecorded(durationMs: number): void;
}
